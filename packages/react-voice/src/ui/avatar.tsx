import * as Avatar from '@radix-ui/react-avatar';
import type { ReactElement } from 'react';
import { cx } from './cx';

/** Props of {@link VoiceAvatar}. @public */
export interface VoiceAvatarProps {
  /** The person's name: its initials show while the picture loads, or without one. */
  readonly name: string;
  /** The picture's URL (initials without one). */
  readonly src?: string | null;
  /** Pixels (default 32). */
  readonly size?: number;
  /** Extra class names. */
  readonly className?: string;
}

/** Up to two initials of a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/** A stable hue for a name (the initials' background). */
function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

/**
 * A person's picture or initials, decorative: put the name in text beside it. Without a picture the
 * initials are in the first commit; with one, Radix Avatar shows them while the picture loads (and
 * if it fails).
 * @public
 */
export function VoiceAvatar(props: VoiceAvatarProps): ReactElement {
  const { name, src, size = 32, className } = props;
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.4),
    ['--_xv-avatar-hue' as string]: hueOf(name),
  };
  if (!src) {
    // Radix's fallback appears only after an effect and a timer: a frame of empty circles.
    return (
      <span className={cx('xv-avatar', className)} style={style} aria-hidden="true">
        <span className="xv-avatar__fallback">{initialsOf(name)}</span>
      </span>
    );
  }
  return (
    <Avatar.Root className={cx('xv-avatar', className)} style={style} aria-hidden="true">
      <Avatar.Image className="xv-avatar__image" src={src} alt="" />
      <Avatar.Fallback className="xv-avatar__fallback" delayMs={300}>
        {initialsOf(name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
