/** A stored role's name as the profile badge writes it, or "No role assigned". */
export function roleLabel(t: (k: string) => string, role: string | null) {
  return role ? t(`role.${role}`) : t('users.noRole');
}
