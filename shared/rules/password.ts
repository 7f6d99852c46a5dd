/**
 * The password policy, the same on both sides of the wire: 8–128 characters,
 * counted as characters (not bytes) and never truncated, and not one of the
 * passwords attackers try first. The list is deliberately short and local: it
 * catches the guesses that matter without shipping a megabyte to the browser.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// The most used passwords in public breach corpora (global and Indian), lower-cased.
const COMMON = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa$$word password@123 password@1
123456789 1234567890 12345678 87654321 11111111 00000000 22222222 99999999 88888888 12341234 11223344 123123123
1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwertyuiop qwerty123 qwerty12 qwertyui qwerty1234 asdfghjkl asdf1234 zxcvbnm123
iloveyou iloveyou1 iloveyou123 sunshine princess football baseball superman batman123 starwars whatever
letmein1 letmein123 welcome1 welcome123 welcome@123 admin123 admin1234 admin@123 administrator changeme
trustno1 dragon123 monkey123 master123 shadow123 michael1 jennifer jordan23 computer internet abcd1234
abc12345 abcdefgh a1b2c3d4 aa123456 123abc123 test1234 testtest 1234qwer qwer1234 zaq12wsx google123
india123 india@123 indian123 bharat123 mumbai123 delhi123 bangalore hyderabad chennai123 kolkata123
krishna123 ganesh123 sairam123 omsairam jaishreeram jaihind123 hanuman123 shivshiv mahadev123
cricket123 sachin123 dhoni007 virat123 bollywood chocolate butterfly pokemon123 samsung123 nokia1234
hydroshakes hydroshake hydro123 shakes123 healthy123 smoothie smoothie123 greens123
`
  .split(/\s+/)
  .filter(Boolean);
const COMMON_SET = new Set(COMMON);

/** null when acceptable, else the sentence to show. */
export function passwordProblem(password: string, context: { email?: string; username?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (COMMON_SET.has(lower) || /^(.)\1+$/.test(password) || /^(0123456789|1234567890|9876543210)/.test(lower)) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  const local = context.email?.split('@')[0]?.toLowerCase();
  if ((local && local.length >= 4 && lower === local) || (context.username && lower === context.username.toLowerCase())) {
    return 'Your password must not be your e-mail or username.';
  }
  return null;
}
