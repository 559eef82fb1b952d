"""The class store in Redis (``ATTENTION_REDIS_URL``): replicas on several hosts share their classes.

Keys of a class (``P`` the settings' prefix, ``C`` the join code; the braces make every key of a class hash to one
slot, as a Redis Cluster needs for a script over them):

``P:class:{C}``           hash: the class's fields (``classroom.store.FIELDS``; the secret as its SHA-256 digest)
``P:class:{C}:active``    the time of the last join, answer or teacher's change
``P:class:{C}:students``  set of the joined students' anonymous ids
``P:class:{C}:roaming``   set of those of them who read on their own
``P:class:{C}:rounds``    hash: ``question␟round`` -> JSON ``{"settings": ..., "opened": version}``
``P:class:{C}:answers``   hash: ``question␟round␟student`` -> the answer (canonical JSON)
``P:class:{C}:tally``     hash: ``question␟round␟answer`` -> how many students' answer it is
``P:class:{C}:answered``  hash: ``question␟round`` -> how many students answered
``P:limit:<kind>:<session>:<window>``  a rate limit's count in one window (:mod:`classroom.limits`)

(␟ is the unit separator, U+001F, which neither an id nor an answer's JSON contains.) Joins and answers are Lua
scripts, so each one's checks and writes are one atomic step; a teacher's change reads the class under ``WATCH``,
compares the secret's digest with :func:`hmac.compare_digest` in Python and writes the whole class hash back in
``MULTI``/``EXEC`` (again when another change came in between). Every write sets the expiry of all of a class's
keys to the settings' hours again (``PEXPIRE``), so a class expires that long after its last activity, all of it
at once; Redis removes it, and :meth:`RedisStore.sweep` has nothing to do.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable

import redis

from classroom import codes
from classroom.refusals import ClassRefused, Reason
from classroom.settings import Settings
from classroom.store import FIELDS, Change, ClassState, RoundResult, Store, state_from_row

SEP = "\x1f"
PARTS = ("", ":active", ":students", ":rounds", ":answers", ":tally", ":answered", ":roaming")

# KEYS: the class's keys (PARTS' order). ARGV: now, ttl in ms, then the class hash's field-value pairs.
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', unpack(KEYS))
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('SET', KEYS[2], ARGV[1])
for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return 1
"""

# KEYS: the class's keys. ARGV: student, most, now, ttl in ms.
JOIN = """
local ended = redis.call('HGET', KEYS[1], 'ended')
if not ended then return 'class.unknown' end
if ended == '1' then return 'class.ended' end
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then
  if redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[2]) then return 'class.full' end
  redis.call('SADD', KEYS[3], ARGV[1])
end
redis.call('SET', KEYS[2], ARGV[3])
for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
return 'ok'
"""

# KEYS: the class's keys. ARGV: student, question, round, answer, now, ttl in ms.
SUBMIT = """
local s = redis.call('HMGET', KEYS[1], 'ended', 'phase', 'question', 'round')
if not s[1] then return 'class.unknown' end
if s[1] == '1' then return 'class.ended' end
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then return 'class.not_joined' end
if s[2] ~= 'open' then return 'class.not_open' end
if s[3] ~= ARGV[2] then return 'class.other_question' end
if s[4] ~= ARGV[3] then return 'class.other_round' end
local round = ARGV[2] .. '\\31' .. ARGV[3]
local old = redis.call('HGET', KEYS[5], round .. '\\31' .. ARGV[1])
if old ~= ARGV[4] then
  if old then
    if redis.call('HINCRBY', KEYS[6], round .. '\\31' .. old, -1) <= 0 then
      redis.call('HDEL', KEYS[6], round .. '\\31' .. old)
    end
  else
    redis.call('HINCRBY', KEYS[7], round, 1)
  end
  redis.call('HINCRBY', KEYS[6], round .. '\\31' .. ARGV[4], 1)
  redis.call('HSET', KEYS[5], round .. '\\31' .. ARGV[1], ARGV[4])
end
redis.call('SET', KEYS[2], ARGV[5])
for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[6]) end
return 'ok'
"""

# KEYS: the class's keys. ARGV: student, '1' (roams) or '0' (follows). The set expires with the class.
ROAM = """
local ended = redis.call('HGET', KEYS[1], 'ended')
if not ended then return 'class.unknown' end
if ended == '1' then return 'class.ended' end
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then return 'class.not_joined' end
if ARGV[2] == '1' then redis.call('SADD', KEYS[8], ARGV[1]) else redis.call('SREM', KEYS[8], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left > 0 then redis.call('PEXPIRE', KEYS[8], left) end
return 'ok'
"""

# KEYS: one rate-limit count. ARGV: its expiry in ms.
COUNT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""


class RedisStore(Store):
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.time) -> None:
        super().__init__(settings, clock)
        self.redis = redis.Redis.from_url(
            settings.redis_url, decode_responses=True, socket_timeout=10, socket_connect_timeout=5,
            health_check_interval=30,
        )  # fmt: skip
        self._create_script = self.redis.register_script(CREATE)
        self._join_script = self.redis.register_script(JOIN)
        self._submit_script = self.redis.register_script(SUBMIT)
        self._count_script = self.redis.register_script(COUNT)
        self._roam_script = self.redis.register_script(ROAM)

    def _keys(self, code: str) -> list[str]:
        return [f"{self.settings.prefix}:class:{{{code}}}{part}" for part in PARTS]

    def _ttl_ms(self) -> int:
        return max(1, round(self.settings.ttl * 1000))

    # --- writes ---

    def _create(self, code: str, row: dict[str, object]) -> bool:
        pairs = [str(x) for name in FIELDS for x in (name, row[name])]
        made = self._create_script(keys=self._keys(code), args=[row["created"], self._ttl_ms(), *pairs])
        return bool(made)

    def _change(
        self, code: str, secret: str, change: Callable[[ClassState, Callable[[str], int]], Change], now: float
    ) -> ClassState:
        keys = self._keys(code)
        with self.redis.pipeline() as p:
            while True:
                try:
                    p.watch(keys[0])
                    row = p.hgetall(keys[0])
                    if not row:
                        raise ClassRefused(Reason.UNKNOWN)
                    if not codes.same_secret(row["secret"], secret):
                        raise ClassRefused(Reason.NOT_TEACHER)
                    if row["ended"] == "1":
                        raise ClassRefused(Reason.ENDED)
                    students = p.scard(keys[2])
                    asked = [field.split(SEP) for field in p.hkeys(keys[3])]

                    def last_round(question: str, asked: list[list[str]] = asked) -> int:
                        return max((int(n) for q, n in asked if q == question), default=0)

                    before = state_from_row(code, row, p.get(keys[1]) or now, students)
                    done = change(before, last_round)
                    assert set(done.fields) <= set(FIELDS), done.fields
                    if done.nothing:
                        return before
                    version = int(row["version"]) + 1
                    new = {**row, **{name: str(value) for name, value in done.fields.items()}, "version": version}
                    p.multi()
                    p.hset(keys[0], mapping=new)  # the whole class, so that it stays whole whatever happened between
                    p.set(keys[1], now)
                    if done.new_round is not None:
                        question, n, settings = done.new_round
                        p.hset(keys[3], f"{question}{SEP}{n}", json.dumps({"settings": settings, "opened": version}))
                    for key in keys:
                        p.pexpire(key, self._ttl_ms())
                    p.execute()
                    return state_from_row(code, new, now, students)
                except redis.WatchError:
                    continue

    def _refuse(self, outcome: str, **fields: object) -> None:
        if outcome != "ok":
            raise ClassRefused(Reason(outcome), **fields)

    def _join(self, code: str, student: str, most: int, now: float) -> None:
        outcome = self._join_script(keys=self._keys(code), args=[student, most, now, self._ttl_ms()])
        self._refuse(outcome, **({"most": most} if outcome == Reason.FULL.value else {}))

    def _submit(self, code: str, student: str, question: str, round: int, answer: str, now: float) -> None:
        args = [student, question, round, answer, now, self._ttl_ms()]
        self._refuse(self._submit_script(keys=self._keys(code), args=args))

    def _roam(self, code: str, student: str, roaming: bool, now: float) -> None:
        self._refuse(self._roam_script(keys=self._keys(code), args=[student, "1" if roaming else "0"]))

    def _roam_none(self, code: str) -> None:
        self.redis.delete(self._keys(code)[7])

    def _roaming(self, code: str) -> int:
        return int(self.redis.scard(self._keys(code)[7]))

    def _count(self, key: str, until: float) -> int:
        ttl = max(1, math.ceil((until - self.clock()) * 1000))
        return int(self._count_script(keys=[f"{self.settings.prefix}:limit:{key}"], args=[ttl]))

    def sweep(self) -> int:
        return 0

    # --- reads ---

    def _state(self, code: str, now: float, with_secret: bool = False):
        keys = self._keys(code)
        with self.redis.pipeline(transaction=True) as p:
            row, active, students = p.hgetall(keys[0]).get(keys[1]).scard(keys[2]).execute()
        if not row:
            return None
        state = state_from_row(code, row, active or row["created"], students)
        return (state, row["secret"]) if with_secret else state

    def _version(self, code: str, now: float) -> int | None:
        version = self.redis.hget(self._keys(code)[0], "version")
        return None if version is None else int(version)

    def _answered(self, code: str, question: str, round: int) -> int:
        return int(self.redis.hget(self._keys(code)[6], f"{question}{SEP}{round}") or 0)

    def _results(self, code: str, question: str | None) -> list[RoundResult]:
        keys = self._keys(code)
        with self.redis.pipeline(transaction=True) as p:
            if question is None:
                rounds, counted = p.hgetall(keys[3]).hgetall(keys[5]).execute()
            else:
                rounds = p.hgetall(keys[3]).execute()[0]
                counted = dict(self.redis.hscan_iter(keys[5], match=f"{question}{SEP}*", count=1000))
        tallies: dict[tuple[str, int], dict[str, int]] = {}
        for field, count in counted.items():
            q, n, answer = field.split(SEP, 2)
            tallies.setdefault((q, int(n)), {})[answer] = int(count)
        opened = []
        for field, value in rounds.items():
            q, n = field.split(SEP)
            if question is None or q == question:
                kept = json.loads(value)
                opened.append((kept["opened"], q, int(n), json.loads(kept["settings"])))
        return [RoundResult(q, n, settings, tallies.get((q, n), {})) for _, q, n, settings in sorted(opened)]

    def _answer(self, code: str, student: str, question: str, round: int) -> str | None:
        return self.redis.hget(self._keys(code)[4], f"{question}{SEP}{round}{SEP}{student}")

    def close(self) -> None:
        self.redis.close()
