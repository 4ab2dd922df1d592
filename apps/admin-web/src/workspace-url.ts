/**
 * Where 'Voltar ao App' goes ("a 'Voltar ao App' button to /", meaning the
 * workspace). In one-machine mode the console lives under /admin on the workspace's origin, so
 * `/` is the workspace. On the production admin host `/` is the console itself (the ingress sends
 * it to /admin/), so the build names the workspace's origin: VITE_WORKSPACE_URL, e.g.
 * `https://app.example.com` (issue 25 item 6).
 */
export function workspaceUrl(): string {
  const configured = (import.meta.env.VITE_WORKSPACE_URL as string | undefined)?.trim();
  return configured ? `${configured.replace(/\/+$/, '')}/` : '/';
}
