/** Styled primitives shared by every voice component (all scoped `xv-` classes). */
export { cx } from './cx';
export { VoiceButton } from './button';
export type { VoiceButtonProps, VoiceButtonVariant } from './button';
export { IconButton } from './icon-button';
export type { IconButtonProps } from './icon-button';
export { VoiceTooltip } from './tooltip';
export type { VoiceTooltipProps } from './tooltip';
export { VoiceBadge } from './badge';
export type { VoiceBadgeProps, VoiceBadgeTone } from './badge';
export { VoiceSkeleton } from './skeleton';
export type { VoiceSkeletonProps } from './skeleton';
export { VoiceEmptyState } from './empty-state';
export type { VoiceEmptyStateProps } from './empty-state';
export { VoiceSearchInput } from './search-input';
export type { VoiceSearchInputProps } from './search-input';
export { VoiceAvatar, initialsOf } from './avatar';
export type { VoiceAvatarProps } from './avatar';
export { VoiceDialog, VoiceDialogClose } from './dialog';
export type { VoiceDialogProps } from './dialog';
export {
  VoiceMenu,
  VoiceMenuContent,
  VoiceMenuGroup,
  VoiceMenuItem,
  VoiceMenuLabel,
  VoiceMenuRadioGroup,
  VoiceMenuRadioItem,
  VoiceMenuSeparator,
  VoiceMenuTrigger,
} from './menu';
export type { VoiceMenuContentProps, VoiceMenuItemProps, VoiceMenuRadioItemProps } from './menu';
export { VoiceTabs, VoiceTabsContent, VoiceTabsList, VoiceTabsTrigger } from './tabs';
export type { VoiceTabsTriggerProps } from './tabs';
export {
  VoicePopover,
  VoicePopoverAnchor,
  VoicePopoverClose,
  VoicePopoverContent,
  VoicePopoverTrigger,
} from './popover';
export { VoiceSelect } from './select';
export type { VoiceSelectProps } from './select';
