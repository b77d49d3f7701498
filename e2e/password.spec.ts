import { HomePage } from './page-models/home-page.ts';
import { ChangePasswordPage, RecoveryPasswordPage } from './page-models/password-pages.ts';
import { SignInPage } from './page-models/sign-in-page.ts';
import { customerAtHome } from './support/api-customer.ts';
import { readCode, wrongCode } from './support/outbox.ts';
import { checkScreen, PHONE } from './support/screen-check.ts';
import { expect, test } from './support/test.ts';

test.describe('each screen checked on a phone and a desktop', () => {
  test.use({ viewport: PHONE });

  test('recovers a forgotten password with the e-mailed code, then signs in with the new one', async ({
    page,
    request,
  }) => {
    const { email, password, firstName } = await customerAtHome(page, request);
    await new HomePage(page).signOut();
    const signIn = new SignInPage(page);
    await signIn.expectOpen();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();

    const recovery = new RecoveryPasswordPage(page);
    await checkScreen(page, 'recovery: e-mail');
    const { seen } = await readCode(request, email);
    await recovery.askCode(email);
    await expect(recovery.resendButton).toBeDisabled();
    await checkScreen(page, 'recovery: code');

    const { code } = await readCode(request, email, seen);
    await recovery.enterCode(wrongCode(code));
    await recovery.choosePassword('new-salaam-7');
    await expect(recovery.code).toHaveAccessibleDescription('The verification code is incorrect. 4 tries left.');
    await checkScreen(page, 'recovery: wrong code');

    await recovery.enterCode(code);
    await recovery.choosePassword('new-salaam-7', 'other-salaam-7');
    await expect(recovery.confirmation).toHaveAccessibleDescription('The passwords do not match');
    await checkScreen(page, 'recovery: new password');
    await recovery.choosePassword('new-salaam-7');

    await signIn.expectOpen();
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
    await checkScreen(page, 'sign-in after recovery');
    await signIn.signIn(email, password);
    await expect(signIn.formError).toContainText("We can't find your account");
    await signIn.signIn(email, 'new-salaam-7');
    await new HomePage(page).expectGreeting(firstName);
  });

  test('changes the password of a signed-in customer, refusing a wrong current one', async ({ page, request }) => {
    const { email, password, firstName } = await customerAtHome(page, request);
    const home = new HomePage(page);
    await home.openAccountMenu();
    await page.getByRole('link', { name: 'Change password' }).filter({ visible: true }).click();
    const change = new ChangePasswordPage(page);
    await checkScreen(page, 'change password');

    await change.change('not-my-pass1', 'changed-salaam-8');
    await expect(change.current).toHaveAccessibleDescription('The current password is incorrect');
    await checkScreen(page, 'change password: wrong current password');

    await change.change(password, 'changed-salaam-8');
    await expect(change.done).toBeVisible();
    await checkScreen(page, 'change password: done');

    await page.goto('/home');
    await home.signOut();
    const signIn = new SignInPage(page);
    await signIn.expectOpen();
    await signIn.signIn(email, 'changed-salaam-8');
    await home.expectGreeting(firstName);
  });
});
