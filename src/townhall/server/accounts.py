"""Accounts: registering, signing in and out, the password, deletion, and the guest seats a browser
hands over. No HTTP here (routes/accounts.py), no SQL (the injected `AccountStore`).

Passwords are hashed with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane: a
server of two cores verifies a few dozen a second; a hash made with other parameters is redone at
the next sign-in); a session is a random cookie
(256 bits) stored only as its SHA-256, with a CSRF token of its own, for `SESSION_DAYS` days.
"""

from __future__ import annotations

import re
import secrets
import uuid
from collections.abc import Callable
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from townhall.engine.protocol import Json
from townhall.server.errors import BadCredentials, BadRequest, PlayerNotFound
from townhall.server.model import Account, SignedIn
from townhall.server.storage import hash_token, utc_now
from townhall.server.store import AccountStore
from townhall.server.words import _

MIN_PASSWORD = 8
MAX_PASSWORD = 200
MAX_NAME = 40
SESSION_DAYS = 30
MAX_EMAIL = 254
EMAIL = r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+"  # name@host.domain, no spaces
DELETED = "deleted player"  # what a deleted account's seats and chat lines keep as their name (shown translated)

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
# Verified against when a name has no account, so that a wrong name costs as long as a wrong password.
_NOBODY = _hasher.hash(secrets.token_urlsafe(16))


def name_key(name: str) -> str:
    """Names are compared case-folded: "Ann" and "ann" are one account."""
    return name.strip().casefold()


class Accounts:
    def __init__(self, store: AccountStore, forget: Callable[[list[str]], None]) -> None:
        self.store = store
        self._forget = forget  # tables whose seats changed: this process's cached copies go

    def register(self, name: str, password: str) -> Account:
        name = name.strip()
        if not name:
            raise BadRequest(_("a name needs at least one letter"))
        _check_password(password)
        account = Account(id=uuid.uuid4().hex, name=name, name_key=name_key(name), password_hash=_hasher.hash(password))
        self.store.add_account(account, utc_now())
        return account

    def check(self, name: str, password: str) -> Account:
        """The account of a name and password (BadCredentials, which of the two is never said)."""
        account = self.store.account_named(name_key(name))
        if not _verified(account.password_hash if account else _NOBODY, password) or account is None:
            raise BadCredentials(_("wrong name or password"))
        if _hasher.check_needs_rehash(account.password_hash):  # the parameters grew since
            self.store.set_password(account.id, _hasher.hash(password))
        return account

    def open_session(self, account: Account) -> tuple[str, SignedIn]:
        """A new session: its cookie (given once, stored as a hash) and what it signs in."""
        cookie = secrets.token_urlsafe(32)
        signed = SignedIn(
            account_id=account.id, name=account.name, csrf=secrets.token_urlsafe(24), id_hash=hash_token(cookie)
        )
        now = utc_now()
        self.store.add_session(signed.id_hash, account.id, signed.csrf, now, now + timedelta(days=SESSION_DAYS))
        return cookie, signed

    def session(self, cookie: str) -> SignedIn | None:
        return self.store.session(hash_token(cookie), utc_now())

    def sign_out(self, signed: SignedIn) -> None:
        self.store.drop_session(signed.id_hash)

    def bind(self, signed: SignedIn, seats: list[tuple[str, str]]) -> None:
        """A guest's seats (table id, seat token) become the account's: those held by no account."""
        changed = self.store.bind_seats(
            signed.account_id, [(table, hash_token(token)) for table, token in seats], utc_now()
        )
        self._forget(changed)

    def change_password(self, signed: SignedIn, old: str, new: str) -> None:
        """The old password is asked again; the account's other browsers are signed out."""
        self.check(signed.name, old)
        _check_password(new)
        self.store.set_password(signed.account_id, _hasher.hash(new))
        self.store.drop_sessions(signed.account_id, keep=signed.id_hash)

    def set_email(self, signed: SignedIn, email: str | None) -> None:
        """The address turn mails go to (None or "": none). Only its shape is checked: a mail
        that cannot be delivered is the SMTP server's to report."""
        email = (email or "").strip() or None
        if email is not None and not re.fullmatch(EMAIL, email):
            raise BadRequest(_("{email!r} is not an email address").format(email=email[:MAX_EMAIL]))
        self.store.set_email(signed.account_id, email)

    def delete(self, signed: SignedIn, password: str) -> None:
        """The account goes (the password asked again); its seats keep a "deleted player" name."""
        self.check(signed.name, password)
        self._forget(self.store.delete_account(signed.account_id, DELETED, utc_now()))

    def invitee(self, name: str) -> tuple[str, str]:
        """The account a seat is kept for, by its name (compared case-folded): its id and name as shown."""
        account = self.store.account_named(name_key(name))
        if account is None:
            raise PlayerNotFound(
                _("nobody here is called {name!r}: check the name, or send a friend the table's link").format(
                    name=name.strip()[:MAX_NAME]
                )
            )
        return account.id, account.name

    def me(self, signed: SignedIn) -> dict[str, Json]:
        tables: list[Json] = list(self.store.tables_of(signed.account_id))
        invitations: list[Json] = list(self.store.invitations(signed.account_id))
        account = self.store.account_named(name_key(signed.name))
        email = account.email if account is not None else None
        return {"name": signed.name, "ratings": {}, "tables": tables, "invitations": invitations, "email": email}


def _verified(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise BadRequest(_("a password has at least {count} characters").format(count=MIN_PASSWORD))
