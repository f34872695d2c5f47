"""A throwaway MediaWiki for end-to-end tests and the bench, and a rules
page on it set up exactly as docs/embedding.md says.

Uses Debian's ``mediawiki`` package (with ``php-cli`` and ``php-sqlite3``) as
it is installed: a fresh wiki is installed with SQLite into a temporary
directory, served by php's built-in web server on 127.0.0.1, and deleted
afterwards. Nothing outside that directory is written: the package's own
configuration (``/etc/mediawiki``) is never read or touched, because every
entry point is told to load the temporary ``LocalSettings.php`` instead.

Caches are switched off so that a page shows an edit (of itself, of a template
it uses, or of ``MediaWiki:Common.js``) on the very next view.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Page

DOCS = Path(__file__).resolve().parent.parent / "docs" / "embedding.md"
DOCUMENTED_SITE = "https://example.github.io/iriri/"
DOCUMENTED_ORIGIN = "https://example.github.io"
"""The game's address and origin in the documentation, replaced by the test's."""

MEDIAWIKI = Path("/usr/share/mediawiki")
"""Where Debian's package puts MediaWiki."""
ADMIN = "Admin"
"""The wiki's administrator (in the sysop, bureaucrat and interface-admin groups)."""
START_TIMEOUT = 30.0
"""Seconds to wait for the web server's first answer."""
WORKERS = 4
"""php's built-in server handles one request at a time unless it forks workers."""
NEEDED_PHP_MODULES = {
    "pdo_sqlite": "php has no SQLite support (install php-sqlite3)",
    "mbstring": "php has no mbstring module (install php-mbstring)",
    "xml": "php has no xml module (install php-xml)",
}


def available() -> str:
    """An empty string if a wiki can be run here, else the reason why not."""
    php = shutil.which("php")
    if php is None:
        return "php is not installed"
    for script in ("install.php", "edit.php"):
        if not (MEDIAWIKI / "maintenance" / script).is_file():
            return "Debian's mediawiki package is not installed"
    try:
        listed = subprocess.run([php, "-m"], capture_output=True, text=True, timeout=30, check=True)
    except (OSError, subprocess.SubprocessError) as error:
        return f"php does not run: {error}"
    modules = {line.strip().lower() for line in listed.stdout.splitlines()}
    for module, reason in NEEDED_PHP_MODULES.items():
        if module not in modules:
            return reason
    return ""


@dataclass
class Wiki:
    """A running wiki: its address, and the settings file its scripts read."""

    url: str
    """The wiki's origin plus "/", e.g. "http://127.0.0.1:PORT/"."""
    config: Path = field(repr=False)
    """The wiki's LocalSettings.php, in its temporary directory."""
    base: str = field(repr=False, default="")
    """LocalSettings.php as installed, with the test's own settings: what
    :meth:`configure` adds to."""

    @property
    def password(self) -> str:
        """The administrator's password (:data:`ADMIN`)."""
        return (self.config.parent / "password").read_text()

    def configure(self, settings: str) -> None:
        """Make ``settings`` (PHP code) the wiki's own settings, in place of
        those it had; the next request reads them."""
        before = self.config.stat().st_mtime
        self.config.write_text(self.base + f"\n# Settings of the test:\n{settings}\n")
        # A file's time counts in whole seconds: make it later than before, surely.
        later = max(time.time(), before + 1)
        os.utime(self.config, (later, later))

    def page_url(self, title: str) -> str:
        """The address of the page called ``title`` (any namespace)."""
        name = quote(title.strip().replace(" ", "_"), safe=":/")
        return f"{self.url}index.php?title={name}"

    def edit(self, title: str, text: str) -> None:
        """Create or replace the page ``title`` with the wikitext (or JS, CSS) ``text``.

        The edit is made by the administrator, who may edit interface pages
        such as "MediaWiki:Common.js"; it shows on the next view of any page.
        """
        done = subprocess.run(
            [
                _php(),
                str(MEDIAWIKI / "maintenance" / "edit.php"),
                "--user",
                ADMIN,
                "--summary",
                "End-to-end test",
                title,
            ],
            input=text,
            capture_output=True,
            text=True,
            env=_environment(self.config),
            cwd=self.config.parent,
            timeout=120,
            check=False,
        )
        if done.returncode != 0 or "failed" in done.stdout:
            raise RuntimeError(f"editing {title!r} failed:\n{done.stdout}{done.stderr}")


@contextmanager
def running_wiki(settings: str = "") -> Iterator[Wiki]:
    """Install a fresh wiki (SQLite, in a temporary directory), append
    ``settings`` (PHP code, e.g. "$wgRawHtml = true;") to its
    LocalSettings.php, serve it with php's built-in web server on 127.0.0.1
    at a free port, yield it, and stop the server and delete everything
    afterwards."""
    reason = available()
    if reason:
        raise RuntimeError(f"cannot run a wiki: {reason}")
    with tempfile.TemporaryDirectory(prefix="iriri-wiki-") as name:
        folder = Path(name)
        config = _install(folder)
        server, url, base = _start(config, settings)
        try:
            yield Wiki(url=url, config=config, base=base)
        finally:
            _stop(server)


ROUTER = """<?php
// Router for php's built-in web server: MediaWiki's entry points load this
// wiki's own settings; uploaded files and their thumbnails come from the
// wiki's own folder; other files (skins, resources) are sent as they are.
define( 'MW_CONFIG_FILE', @CONFIG@ );
$path = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( strpos( $path, '/images/' ) === 0 ) {
\t$file = realpath( @IMAGES@ . substr( rawurldecode( $path ), strlen( '/images' ) ) );
\tif ( $file === false || strpos( $file, @IMAGES@ . '/' ) !== 0 || !is_file( $file ) ) {
\t\thttp_response_code( 404 );
\t\treturn true;
\t}
\theader( 'Content-Type: ' . mime_content_type( $file ) );
\treadfile( $file );
\treturn true;
}
if ( preg_match( '#\\.php(/|$)#', $path ) && !preg_match( '#^/(index|load|api|rest)\\.php(/|$)#', $path ) ) {
\thttp_response_code( 404 );
\techo "Not found\\n";
\treturn true;
}
return false;
"""
"""php -S runs this before each request; returning false lets it serve the file."""


class _PortTaken(Exception):
    """Another program took the port between choosing and listening."""


def _php() -> str:
    php = shutil.which("php")
    if php is None:
        raise RuntimeError("php is not installed")
    return php


def _php_string(text: str) -> str:
    """``text`` as a PHP single-quoted string literal."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _environment(config: Path) -> dict[str, str]:
    """The environment for php: MediaWiki reads its settings from ``config``."""
    return {**os.environ, "MW_CONFIG_FILE": str(config)}


def _install(folder: Path) -> Path:
    """Install a wiki into ``folder``; returns its LocalSettings.php."""
    for sub in ("data", "cache", "images", "logs", "tmp"):
        (folder / sub).mkdir()
    config = folder / "LocalSettings.php"
    password = folder / "password"
    password.write_text(secrets.token_urlsafe(24))
    done = subprocess.run(
        [
            _php(),
            str(MEDIAWIKI / "maintenance" / "install.php"),
            "--dbtype=sqlite",
            f"--dbpath={folder / 'data'}",
            "--dbname=wiki",
            "--server=http://127.0.0.1",
            "--scriptpath=",
            "--lang=en",
            "--skins=Vector",
            f"--passfile={password}",
            f"--confpath={folder}",
            "Test wiki",
            ADMIN,
        ],
        capture_output=True,
        text=True,
        env=_environment(config),
        cwd=folder,
        timeout=300,
        check=False,
    )
    if done.returncode != 0 or not config.is_file():
        raise RuntimeError(f"installing MediaWiki failed:\n{done.stdout}{done.stderr}")
    return config


def _test_settings(folder: Path, url: str) -> str:
    """PHP lines that keep the wiki's files in ``folder`` and its caches off."""

    def path(sub: str) -> str:
        return _php_string(str(folder / sub))

    return f"""
# Added for end-to-end tests. Debian's PlatformSettings.php points caches
# and logs at /var; everything here goes to the test's own directory.
$wgServer = {_php_string(url.rstrip("/"))};
$wgCacheDirectory = {path("cache")};
$wgUploadDirectory = {path("images")};
$wgTmpDirectory = {path("tmp")};
$wgDBerrorLog = {path("logs/dberror.log")};
$wgDebugLogGroups['exception'] = {path("logs/exception.log")};
$wgDebugLogGroups['error'] = {path("logs/error.log")};
$wgDebugLogGroups['fatal'] = {path("logs/fatal.log")};
# Every view is rendered afresh, so edits show at once.
$wgMainCacheType = CACHE_NONE;
$wgParserCacheType = CACHE_NONE;
$wgCachePages = false;
$wgResourceLoaderMaxage = [ 'versioned' => 0, 'unversioned' => 0 ];
$wgResourceLoaderStorageEnabled = false;
$wgJobRunRate = 0;
$wgUseSiteJs = true;
$wgUseSiteCss = true;
$wgFavicon = "$wgResourceBasePath/resources/assets/change-your-logo-icon.svg";
$wgUseImageMagick = false;
$wgUploadPath = '/images';
{_svg_converter_path()}
$wgEnableEmail = false;
$wgShowExceptionDetails = true;
"""


def _svg_converter_path() -> str:
    """Where MediaWiki's default SVG converter finds ImageMagick's convert:
    the system's own, not a program of the same name earlier in PATH."""
    from .converters import imagemagick

    convert = imagemagick()
    if convert is None:
        return "# (no ImageMagick here: SVG files are not drawn)"
    return f"$wgSVGConverterPath = {_php_string(str(convert.parent))};"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start(config: Path, settings: str) -> tuple[subprocess.Popen[bytes], str, str]:
    """Add the test settings and ``settings`` to ``config``, and serve the wiki
    at a free port; returns the running server, the wiki's URL and the
    settings file without ``settings``."""
    folder = config.parent
    installed = config.read_text()
    router = folder / "router.php"
    images = _php_string(str((folder / "images").resolve()))
    router.write_text(ROUTER.replace("@CONFIG@", _php_string(str(config))).replace("@IMAGES@", images))
    log = folder / "logs" / "server.log"
    for _attempt in range(3):
        port = _free_port()
        url = f"http://127.0.0.1:{port}/"
        base = installed + _test_settings(folder, url)
        config.write_text(base + f"\n# Settings of the test:\n{settings}\n")
        server = _serve(folder, router, port, log)
        try:
            _wait_until_up(server, url, log)
        except _PortTaken:
            _stop(server)
            continue
        except BaseException:
            _stop(server)
            raise
        return server, url, base
    raise RuntimeError(f"no free port for the wiki:\n{_tail(log)}")


def _serve(folder: Path, router: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """Start php's web server for the wiki, its output going to ``log``."""
    environment = _environment(folder / "LocalSettings.php")
    environment["PHP_CLI_SERVER_WORKERS"] = str(WORKERS)
    with log.open("wb") as output:
        return subprocess.Popen(
            # OPcache checks each file's time on every request (not every 2 s), so that
            # a changed LocalSettings.php counts at once (Wiki.configure).
            [
                _php(),
                "-d",
                "opcache.revalidate_freq=0",
                "-S",
                f"127.0.0.1:{port}",
                "-t",
                str(MEDIAWIKI),
                str(router),
            ],
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            env=environment,
            cwd=folder,
            start_new_session=True,
        )


def _wait_until_up(server: subprocess.Popen[bytes], url: str, log: Path) -> None:
    """Wait for the main page to load (the first view also fills the caches)."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if server.poll() is not None:
            if "Address already in use" in _tail(log):
                raise _PortTaken
            raise RuntimeError(f"the wiki's web server stopped ({server.returncode}):\n{_tail(log)}")
        try:
            with urllib.request.urlopen(f"{url}index.php?title=Main_Page", timeout=10) as answer:
                body = answer.read().decode(errors="replace")
            if "RLCONF" in body:  # a page view made by MediaWiki
                return
            raise RuntimeError(f"the wiki's main page is broken:\n{body[-2000:]}\n{_tail(log)}")
        except urllib.error.HTTPError as error:
            body = error.read().decode(errors="replace")[-2000:]
            raise RuntimeError(f"the wiki answered {error.code}:\n{body}\n{_tail(log)}") from error
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the wiki's web server did not answer in {START_TIMEOUT} s:\n{_tail(log)}")
        time.sleep(0.05)


def _stop(server: subprocess.Popen[bytes]) -> None:
    """Stop the web server and its workers (its own process group)."""
    for sign in (signal.SIGTERM, signal.SIGKILL):
        with suppress(ProcessLookupError):
            os.killpg(server.pid, sign)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            continue
        return


def _tail(log: Path, lines: int = 40) -> str:
    try:
        text = log.read_text(errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


# ---------------------------------------------------------------- the documented setup


def documented(name: str, site: str) -> str:
    """The code block of docs/embedding.md marked ``<!-- name -->``, with
    the game's address made ``site``."""
    found = re.search(rf"<!-- {re.escape(name)} -->\n```[a-z]*\n(.*?)```", DOCS.read_text(), re.S)
    if found is None:
        raise AssertionError(f"docs/embedding.md has no block marked {name!r}")
    return found.group(1).replace(DOCUMENTED_SITE, site).replace(DOCUMENTED_ORIGIN, site.rstrip("/"))


def templated(site: str, title: str, options: str) -> str:
    """The documented use of the template, for a game called ``title`` shown with ``options``."""
    head = documented("usage: template", site).split("|title=")[0]
    return f"{head}|title={title}|options={options}}}}}"


def figure_options(game: str, moves: int) -> str:
    """A figure's options as Share writes them: every step pictured."""
    from iriri_core import Seat, Table
    from iriri_core.bots import make_bot
    from iriri_core.pictures import figures

    table = Table(game, [Seat("human"), Seat("human")], seed=3)
    bot = make_bot("greedy", seed=3)
    for _ in range(moves):
        table.play(bot.choose(table.game, table.state))
    return (
        f"record={table.snapshot().to_code()}&mode=figure&step=0&picture={figures.figure_picture(table, 0)}"
    )


def play_options(game: str) -> str:
    """A game to play from its start against the hard bot, with its picture, as Share writes it."""
    from iriri_core import Seat, Table
    from iriri_core.pictures import figures

    table = Table(game, [Seat("human"), Seat("bot", "hard")], seed=5)
    return (
        f"record={table.snapshot().to_code()}&picture={figures.picture_code(table, range(1), figure=False)}"
    )


IFRAMETAG_ATTRIBUTES = {"src", "width", "height", "style", "sandbox", "allowfullscreen"}
"""The attributes of an iframe that MediaWiki's IFrameTag extension (1.1)
writes out; it drops every other, ``title`` and ``loading`` too."""


def parsed(snippet: str) -> tuple[dict[str, str], dict[str, str]]:
    """The attributes of the element around an iframe, and of the iframe."""

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[tuple[str, dict[str, str]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append((tag, {name: value or "" for name, value in attrs}))

    reader = Reader()
    reader.feed(snippet)
    [(_, outer), (tag, frame)] = reader.tags
    assert tag == "iframe", snippet
    return outer, frame


PLAY_TITLE = "Hextris against the hard bot"
"""The title of the frame of the rules page that a reader starts."""


def documented_settings(site: str, csp: str | None = None) -> str:
    """The settings docs/embedding.md gives: raw HTML, uploads of SVG files,
    and its Content-Security-Policy line (or ``csp`` in its place)."""
    policy = documented("settings: csp", site) if csp is None else csp
    return documented("settings: raw", site) + documented("settings: uploads", site) + policy


@contextmanager
def documented_wiki(site: str) -> Iterator[tuple[Wiki, str]]:
    """A wiki set up as docs/embedding.md says, for the game at ``site``
    (raw HTML allowed, SVG uploads, the Content-Security-Policy line, the
    site's script and the template), with a rules page of five games: three through the
    template, two as raw HTML. Yields the wiki and the page's address."""
    with running_wiki(documented_settings(site)) as wiki:
        wiki.edit("MediaWiki:Common.js", documented("page: MediaWiki:Common.js", site))
        wiki.edit("Template:Pyramid game", documented("page: Template:Pyramid game", site))
        raw = documented("usage: raw", site)
        embeds = [
            templated(site, "Iriri: the opening", figure_options("iriri", 6)),
            templated(site, PLAY_TITLE, play_options("hextris")),
            templated(site, "Hextris: a figure", figure_options("hextris", 8)),
            raw,
            raw.replace("seats=human,hard", play_options("iriri")).replace(
                "Iriri against the hard bot", "Iriri: play on"
            ),
        ]
        wiki.edit("Rules examples", "\n\n".join(f"== Example {i + 1} ==\n{e}" for i, e in enumerate(embeds)))
        yield wiki, wiki.page_url("Rules examples")


# ---------------------------------------------------------------- as a person on the wiki


def log_in(page: Page, wiki: Wiki) -> None:
    """Log ``page``'s browser in as the administrator, through the login form."""
    page.goto(wiki.page_url("Special:UserLogin"))
    page.fill("#wpName1", ADMIN)
    page.fill("#wpPassword1", wiki.password)
    page.click("#wpLoginAttempt")
    page.wait_for_selector("#pt-logout, #pt-userpage", state="attached")


def upload(page: Page, wiki: Wiki, file: Path, name: str) -> None:
    """Upload ``file`` as File:``name`` through Special:Upload, as a logged-in
    person does; fails with the wiki's message if the wiki refuses it."""
    page.goto(wiki.page_url("Special:Upload"))
    page.set_input_files("#wpUploadFile", str(file))
    page.fill("#wpDestFile", name)
    page.fill("#wpUploadDescription", "A picture saved from the game's site")
    page.check("#wpIgnoreWarning")
    page.click("input[name=wpUpload]")
    page.wait_for_load_state()
    title = page.title()
    if not title.startswith(f"File:{name}"):
        refused = page.text_content("#mw-content-text") or ""
        raise AssertionError(f"the wiki did not take {file.name}: {title}\n{refused[:1000]}")
