"""Serving a folder on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import sys
from pathlib import Path
from typing import Any


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types the runtime needs, and quiet logs."""

    extensions_map = {  # noqa: RUF012 (the base class declares it as an instance variable)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".json": "application/json",
        ".py": "text/plain; charset=utf-8",
    }

    def __init__(self, *args: Any, headers: tuple[tuple[str, str], ...] = (), **options: Any) -> None:
        self.extra_headers = headers
        """Sent with every answer, as a web server may be told to."""
        super().__init__(*args, **options)

    def end_headers(self) -> None:
        for name, value in self.extra_headers:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if os.environ.get("IRIRI_SERVE_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """A threaded static server."""

    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-download (a closed tab) is not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, headers: tuple[tuple[str, str], ...] = ()) -> Server:
    """A server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one),
    sending ``headers`` (name, value) with every answer."""
    handler = functools.partial(Handler, directory=str(directory), headers=headers)
    return Server(("127.0.0.1", port), handler)
