/**
 * The attribute and value that keep a link out of the speculation rules (shared/speculationRules.ts):
 * apart from the rules, so the entry, which marks links with it before interaction
 * (client/speculation.ts), does not carry the rules and the paths they are made of (budgets.json).
 */
export const SPECULATION_OFF = { attribute: "data-speculation", value: "off" } as const;
