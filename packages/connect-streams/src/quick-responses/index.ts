export { QuickResponses, startScreenSharing } from './quick-responses';
export type {
  ApiProxyCall,
  ScreenSharingContact,
  SearchQuickResponsesParams,
} from './quick-responses';
