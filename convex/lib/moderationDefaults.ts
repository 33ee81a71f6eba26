/** Moderation settings until an admin edits them. Pure data, shared with the client's forms. */
export const DEFAULT_MODERATION_SETTINGS = {
  banReasons: ["Чити", "Токсична поведінка", "Образи в голосовому чаті", "Гриферство", "Інше"],
  kickReasons: ["Токсична поведінка", "Образи в голосовому чаті", "Гриферство", "АФК", "Інше"],
  /** Minutes; 0 = permanent (admins only), last so it is never the default. */
  banDurations: [30, 60, 1440, 10080, 43200, 0],
  moderatorMaxMinutes: 10080,
  publicBanList: false,
  publicShowsModerator: false,
};
/** The plugin's bound for a ban or block (10 years), as the backend checks it. */
export const MAX_SANCTION_MINUTES = 5_256_000;
