/**
 * A sanction's length as the panel writes it in audit entries, report outcomes and Discord: in
 * the largest whole unit, as the ban form offered it («1 год.», not «60 хв»).
 */
export function durationText(minutes: number): string {
  if (minutes === 0) return "назавжди";
  if (minutes % 1440 === 0) return `${minutes / 1440} дн.`;
  if (minutes % 60 === 0) return `${minutes / 60} год.`;
  return `${minutes} хв`;
}
