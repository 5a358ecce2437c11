/**
 * UI texts of the voice panel (Agent list, Call history and Live calls tabs). English; the spec's
 * strings verbatim. (Area file of the voice panel: add its keys here.)
 */
export const PANEL_MESSAGES = {} as const;
