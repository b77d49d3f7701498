import { customerAtHome } from './support/api-customer.ts';
import { readCode, uniqueEmail, wrongCode } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: PHONE });

test('adds a mobile number and changes the e-mail from the profile, each with the password and a code', async ({
  page,
  request,
}) => {
  const { email, password } = await customerAtHome(page, request);
  await page.goto('/profile');
  const contact = page.getByRole('region', { name: 'E-mail and mobile number' });
  await expect(contact.getByRole('listitem').filter({ hasText: 'Mobile' })).toContainText('Not added yet');
  await expect(contact.getByRole('listitem').filter({ hasText: 'E-mail' })).toContainText(email);

  // a mobile number: a wrong password first, then the right one and the texted code
  // +44 797…: a UK mobile range; +44 79 with any 8 digits also draws 7911, 7931 and 7937, which are not allocated
  const mobile = `+44797${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await contact.getByRole('button', { name: 'Add a mobile number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your mobile number' });
  await dialog.getByLabel('Mobile number').fill(mobile);
  await dialog.getByLabel('Your password').fill('not-mine-1');
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByText('The password is incorrect')).not.toHaveCount(0);
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${mobile}`)).toBeVisible();
  await checkScreen(page, 'the code for a new mobile number');
  const { code } = await readCode(request, mobile);
  await dialog.getByLabel('Verification code').fill(wrongCode(code));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The verification code is incorrect. 4 tries left.')).not.toHaveCount(0);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(contact.getByRole('status')).toHaveText(
    `Your mobile number is now ${'•'.repeat(mobile.length - 4)}${mobile.slice(-4)}.`,
  );
  await expect(contact.getByRole('button', { name: 'Change mobile number' })).toBeVisible();

  // a new e-mail, the same way; the old one stays until the code comes back
  const newEmail = uniqueEmail('contact');
  await contact.getByRole('button', { name: 'Change e-mail' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Your e-mail address' });
  await emailDialog.getByLabel('E-mail address').fill(newEmail);
  await emailDialog.getByLabel('Your password').fill(password);
  await emailDialog.getByRole('button', { name: 'Send the code' }).click();
  await expect(emailDialog.getByText(`We sent a 6-digit code to ${newEmail}`)).toBeVisible();
  await expect(contact.getByRole('listitem').filter({ hasText: 'E-mail' })).toContainText(email);
  await emailDialog.getByLabel('Verification code').fill((await readCode(request, newEmail)).code);
  await emailDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(contact.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await expect(contact.getByRole('listitem').filter({ hasText: 'E-mail' })).toContainText(newEmail);
  await checkScreen(page, 'the profile after both changes');
});
