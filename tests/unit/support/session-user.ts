/** A signed-in client as the session stores her (no staff rights). */
export const clientUser = {
  id: 7,
  email: 'anna@example.com',
  salutation: 'Frau',
  title: null,
  directSalutation: 'Frau Berger',
  firstName: 'Anna',
  lastName: 'Berger',
  isStaff: false,
  isSuperuser: false,
};
