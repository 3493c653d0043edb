"""What the app answers: only requests naming the address it serves in ``Host`` (a page
of another site that rebinds its own name to 127.0.0.1 sends its own name there), only
the methods its pages use, and a request that changes something (an import) only with
the token its own pages carry."""

from __future__ import annotations

import hmac
import secrets

from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = ("GET", "HEAD")
TOKEN_FIELD = "token"


def allowed_hosts(host: str, port: int) -> set[str]:
    """The ``Host`` values a browser sends for the address served (``localhost`` too when
    it is the loopback address)."""
    names = {host, f"[{host}]"} if ":" in host else {host}
    if host in ("127.0.0.1", "::1"):
        names |= {"localhost"}
    return {f"{name}:{port}" for name in names} | (names if port == 80 else set())


def new_token() -> str:
    """The token of this run of the app: a page that was not served by it cannot know it."""
    return secrets.token_urlsafe(24)


def token_matches(given: str | None, token: str) -> bool:
    """Whether ``given`` is the app's token (compared in constant time)."""
    return given is not None and hmac.compare_digest(given.encode(), token.encode())


class HostGuard:
    """Refuse, with a plain message, a request whose ``Host`` is not the app's address, or
    whose method its pages do not use."""

    def __init__(self, app: ASGIApp, hosts: set[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            served = sorted(self.hosts)[0]
            await _plain(send, 421, f"refused: this app answers requests for {served} only, "
                         f"not {host or 'a request with no Host'} (a guard against DNS "
                         "rebinding: open it by its own address)")  # fmt: skip
            return
        if scope["method"] not in (*SAFE_METHODS, "POST"):
            await _plain(send, 405, f"refused: the app does not take {scope['method']} requests")
            return
        await self.app(scope, receive, send)


async def _plain(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode())]})  # fmt: skip
    await send({"type": "http.response.body", "body": body})
