import * as RadixAvatar from '@radix-ui/react-avatar';
import { UserRound } from 'lucide-react';
import type { CSSProperties } from 'react';

/** Initials of a name: the first letters of its first two words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (
    letters
      .map((w) => (w ? w[0] : ''))
      .join('')
      .toUpperCase() || '?'
  );
}

// Background/foreground pairs with AA contrast in both themes (foreground on background).
const PALETTE = [
  ['#e0e7ff', '#3730a3'],
  ['#dcfce7', '#166534'],
  ['#fef3c7', '#92400e'],
  ['#fce7f3', '#9d174d'],
  ['#e0f2fe', '#075985'],
  ['#ede9fe', '#5b21b6'],
  ['#ffedd5', '#9a3412'],
  ['#ccfbf1', '#115e59'],
] as const;

function colourOf(name: string): readonly [string, string] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? PALETTE[0];
}

/** A round avatar: the image when there is one, else the name's initials on a stable colour. */
export function Avatar({
  name,
  src,
  size = 28,
}: {
  readonly name: string;
  readonly src?: string | null;
  readonly size?: number;
}) {
  const [bg, fg] = colourOf(name);
  return (
    <RadixAvatar.Root
      className="ui-avatar"
      style={
        { '--avatar-size': `${size}px`, '--avatar-bg': bg, '--avatar-fg': fg } as CSSProperties
      }
    >
      {src ? <RadixAvatar.Image src={src} alt="" /> : null}
      <RadixAvatar.Fallback delayMs={src ? 300 : 0} aria-hidden="true">
        {/^[\p{L}]/u.test(name.trim()) ? (
          initials(name)
        ) : (
          <UserRound style={{ width: '55%', height: '55%' }} />
        )}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
