import type { ReactElement } from 'react';

/**
 * Props of {@link VoiceStatusBadge}.
 * @public
 */
export interface VoiceStatusBadgeProps {
  /** The agent state name to show, for example `Available` or `Offline`. */
  readonly stateName: string;
  /** The agent state type (`routable`, `not_routable`, `offline`, ...), exposed as `data-state`. */
  readonly stateType: string;
}

/**
 * A small badge showing the agent's current state; the state type is exposed as `data-state`.
 * @deprecated Use {@link StatusChip} (inside a `VoiceProvider`), or {@link StatusDropdown} for the
 * header chip with its menu; kept while `examples/workspace` still renders it.
 * @example
 * ```tsx
 * <VoiceStatusBadge stateName="Available" stateType="routable" />
 * ```
 * @public
 */
export function VoiceStatusBadge({ stateName, stateType }: VoiceStatusBadgeProps): ReactElement {
  return (
    <span data-testid="voice-status-badge" data-state={stateType} role="status">
      {stateName}
    </span>
  );
}
