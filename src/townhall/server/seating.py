"""Seating people at tables: a free seat for a token (and an account), a rematch's kept seat, a
seat kept for an invited account, and which seat a token or an account holds. Part of the table runner (server/runner.py), sharing its
cache and store; it knows no HTTP and no SQL."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace

from townhall.engine.protocol import Json
from townhall.server import rematch
from townhall.server.cache import TableCache
from townhall.server.errors import BadToken, NotInvited, NotSeated, SeatTaken, TableExists
from townhall.server.live import Live, started_clock
from townhall.server.model import GONE, OPEN, RUNNING, Holder, Seat
from townhall.server.reading import finished
from townhall.server.storage import hash_token, utc_now
from townhall.server.store import TableStore
from townhall.server.words import _

Create = Callable[[str, int, dict[str, Json], Sequence[str], dict[str, Json], str | None], str]
Notify = Callable[[str, int, int | None], None]


def _refuse_uninvited(seats: Sequence[Seat], seat: int, account_id: str | None) -> None:
    """A free seat kept for an invited account is taken by that account alone, signed in."""
    place = seats[seat] if 0 <= seat < len(seats) else None
    if place is None or place.invited_id is None or place.token_hash is not None:
        return  # the store refuses a missing or taken seat
    if place.invited_id != account_id:
        raise NotInvited(
            _("this seat is kept for {name}, who was invited: sign in as {name} to take it").format(
                name=place.invited_name
            )
        )


class Seating:
    """Who sits where, for the runner's tables."""

    def __init__(
        self, cache: TableCache, store: TableStore, now: Callable[[], float], create: Create, notify: Notify
    ) -> None:
        self.cache = cache
        self.store = store
        self._now = now
        self._create = create  # the runner's: a rematch is a new table
        self._notify = notify

    def take_seat(
        self, table_id: str, seat: int, name: str, account_id: str | None = None, account: str | None = None
    ) -> str:
        """Seat a person (for an account when signed in: its every browser plays the seat;
        `account` its name); the token (128 random bits) is returned once and stored only as a hash."""
        token = secrets.token_urlsafe(16)
        holder = Holder(name=name, token_hash=hash_token(token), account_id=account_id, account=account)
        self._seat(table_id, seat, holder, claim=False)
        return token

    def rematch(self, table_id: str, seat: int | None) -> tuple[str, int]:
        """`seat`'s place at the finished table's rematch (made by the first player who asks):
        (the new table, its seat). The seat's token stays its token there; asking again changes
        nothing."""
        if seat is None:
            raise NotSeated(_("only a player of this game may ask for a rematch; send the seat's token"))
        live = finished(self.cache, table_id, _("a rematch is offered once the game is over"))
        new_id = rematch.rematch_id(table_id)
        settings = rematch.settings_of(table_id, live.table.settings)
        with contextlib.suppress(TableExists):  # another player asked first: the same table
            self._create(
                live.game.meta.name,
                live.table.num_players,
                live.table.options,
                rematch.rotated(live.seats),
                settings,
                new_id,
            )
        place = live.seats[seat]
        new_seat = rematch.seat_after(seat, live.table.num_players)
        if place.token_hash is not None:
            held = place.account_id if place.account_id != GONE else None
            holder = Holder(
                name=place.name or "player", token_hash=place.token_hash, account_id=held, account=place.account
            )
            self._seat(new_id, new_seat, holder, claim=True)
        return new_id, new_seat

    def seat_kept(
        self, table_id: str, seat: int, name: str, digest: str, account_id: str | None, account: str | None = None
    ) -> None:
        """Seat at a table whose seats are kept (a campaign's episode) the holder of a token's hash."""
        holder = Holder(name=name, token_hash=digest, account_id=account_id, account=account)
        self._seat(table_id, seat, holder, claim=True)

    def _seat(self, table_id: str, seat: int, holder: Holder, claim: bool) -> None:
        """Seat the holder of a token's hash (and of an account, when signed in): a free seat, or
        (`claim`) a rematch's seat kept for them, where claiming twice changes nothing."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if rematch.kept(live.table.settings) and not claim:
                raise SeatTaken(_("seat {seat} is kept for a player of the last game").format(seat=seat))
            digest = holder.token_hash
            if claim and self.store.seat_of(table_id, digest) == seat:
                return  # claimed already
            _refuse_uninvited(live.seats, seat, holder.account_id)
            started = started_clock(live, self._now())  # if this seat is the last one
            try:
                touched = self.store.take_seat(table_id, seat, holder, utc_now(), started)
            except SeatTaken:
                if claim and self.store.seat_of(table_id, digest) == seat:
                    return  # the same player's other request (maybe through another process) was first
                raise

            def seated(live: Live) -> None:
                live.seats = [*live.seats]  # a view being built keeps the old list
                live.seats[seat] = replace(
                    live.seats[seat],
                    name=holder.name,
                    token_hash=digest,
                    account_id=holder.account_id,
                    account=holder.account,
                )
                live.tokens[digest] = seat
                if live.table.status == OPEN and touched.status == RUNNING:  # the game starts: so does its clock
                    clock, deadline = started
                    live.table = replace(live.table, clock=clock, public_clock=clock, deadline=deadline)
                live.views.clear()  # the views' sentences name the seats

            self.cache.touched(table_id, touched, seated)
        self._notify(table_id, touched.state_id, None)

    def seat_of(self, table_id: str, token: str | None, account_id: str | None = None) -> int | None:
        """The seat a token belongs to (BadToken when none); without a token, the first seat the
        signed-in account holds; None for a spectator."""
        with self.cache.lock(table_id):
            live = self.cache.get(table_id)
            if token is None:
                return None if account_id is None else self._account_seat(live, account_id)
            digest = hash_token(token)
            seat = live.tokens.get(digest)
            if seat is None:  # seated through another process since this one loaded the table
                seat = self.store.seat_of(table_id, digest)
                if seat is not None:
                    live.tokens[digest] = seat
        if seat is None:
            raise BadToken(_("this token belongs to no seat of this table"))
        return seat

    def _account_seat(self, live: Live, account_id: str) -> int | None:
        held = [seat.seat for seat in live.seats if seat.account_id == account_id]
        if held:
            return held[0]
        return self.store.seat_of_account(live.table.id, account_id)  # bound through another process

    def forget(self, table_ids: Sequence[str]) -> None:
        """Tables whose seats changed outside the runner (an account bound or deleted): rebuilt when next needed."""
        for table_id in table_ids:
            with self.cache.lock(table_id):
                self.cache.forget(table_id)
