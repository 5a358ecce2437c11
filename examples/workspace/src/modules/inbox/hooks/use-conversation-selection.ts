import { useState } from 'react';

/**
 * The conversation list's selection mode: whether it is on (a checkbox on every row and the bulk
 * actions bar) and which conversations are ticked. Leaving the mode clears the selection.
 */
export function useConversationSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const leaveSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { selecting, setSelecting, selected, setSelected, leaveSelection, toggle };
}
