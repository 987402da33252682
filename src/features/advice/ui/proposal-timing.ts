/** Timing constants of the public proposal pages (spec entry/checkout §9). */
export const REGISTER_PROMPT_AFTER_MS = 30_000;
