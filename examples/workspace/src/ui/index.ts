/**
 * The workspace design system: tokens (CSS custom properties, light and dark themes) and the
 * primitives every screen is built from. It imports no feature module.
 */
export { Avatar, initials } from './avatar';
export { Badge } from './badge';
export type { BadgeTone } from './badge';
export { Button, Spinner } from './button';
export type { ButtonProps } from './button';
export { Dialog } from './dialog';
export { DocumentTitle } from './document-title';
export type { DialogProps } from './dialog';
export { IconButton } from './icon-button';
export { Field, Input, Textarea } from './input';
export { Menu, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator } from './menu';
export { Page } from './page';
export { Select } from './select';
export type { SelectOption } from './select';
export { ProgressBar, Skeleton, SkeletonList } from './skeleton';
export { EmptyState, ErrorState } from './states';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { applyStoredTheme, currentTheme, setTheme, useTheme } from './theme';
export type { Theme } from './theme';
export { Toaster, toast } from './toast';
export type { ToastTone } from './toast';
export { Tooltip, TooltipProvider } from './tooltip';
