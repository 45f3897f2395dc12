/** The development issuer's account chooser: a plain form, no script (the CSP forbids inline ones). */
export function accountChooserPage(input: { redirectUri: string; nonce: string; state: string; error?: string; askStaffKey?: boolean }): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account · Marquee development sign-in</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0d12; color: #e8eaf0;
         font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  main { width: min(420px, 92vw); background: #161a22; border: 1px solid #2a3040; border-radius: 14px; padding: 28px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  p { color: #a9b0c2; margin: 0 0 20px; font-size: .95rem; }
  label { display: block; font-size: .9rem; margin: 14px 0 6px; }
  input[type=text], input[type=email], input[type=password] { box-sizing: border-box; width: 100%; padding: 10px 12px; border-radius: 8px;
         border: 1px solid #394157; background: #0f1219; color: inherit; font-size: 1rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid #7aa2ff; outline-offset: 2px; }
  button { margin-top: 22px; width: 100%; padding: 11px; border: 0; border-radius: 8px; background: #e50914;
           color: #fff; font-weight: 600; font-size: 1rem; cursor: pointer; }
  .error { color: #ff8a8a; margin-top: 12px; }
  .hint { color: #a9b0c2; }
</style>
</head>
<body>
<main>
  <h1>Choose an account</h1>
  <p>Development sign-in for Marquee. Any name and email work here; in production this is Google.</p>
  <form method="post" action="/dev-idp/authorize">
    ${hidden('redirect_uri', input.redirectUri)}${hidden('nonce', input.nonce)}${hidden('state', input.state)}
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" required maxlength="80">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
    ${input.askStaffKey ? STAFF_KEY_FIELD : ''}
    ${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
    <button type="submit">Continue</button>
  </form>
</main>
</body>
</html>`;
}

/** A test site in production mode: anyone may sign in, but staff rights need the operators' key. */
const STAFF_KEY_FIELD = `<label for="staff_key">Operator key <span class="hint">(staff only; leave empty to sign in as a viewer)</span></label>
    <input id="staff_key" name="staff_key" type="password" autocomplete="off" maxlength="500">`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
