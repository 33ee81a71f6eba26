/** A team size as players write it, with the multiplication sign: «2×2», «5×5» (never a Latin x). */
export function teamSizeLabel(n: number): string {
  return `${n}×${n}`;
}
