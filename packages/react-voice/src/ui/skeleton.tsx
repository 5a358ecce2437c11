import type { CSSProperties, ReactElement } from 'react';
import { cx } from './cx';

/** Props of {@link VoiceSkeleton}. @public */
export interface VoiceSkeletonProps {
  readonly width?: number | string;
  readonly height?: number | string;
  /** A circle (avatars). */
  readonly circle?: boolean;
  readonly className?: string;
}

/**
 * A loading placeholder (`xv-skeleton`), hidden from assistive technology (announce the loading
 * state on the list itself with `aria-busy`).
 * @public
 */
export function VoiceSkeleton(props: VoiceSkeletonProps): ReactElement {
  const { width = '100%', height = 12, circle, className } = props;
  const style: CSSProperties = { width, height, borderRadius: circle ? '50%' : undefined };
  return <span aria-hidden="true" className={cx('xv-skeleton', className)} style={style} />;
}
