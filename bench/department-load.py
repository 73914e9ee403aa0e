#!/usr/bin/env python3
"""Department load: simulated learners spread over many rooms and several workshop servers
sharing one database, plus each room's dashboard. A learner behaves as the learner's side does
(a request every 3 s for news, carrying an event every EVENT_EVERY seconds on average); each
room's dashboard behaves as the dashboard page does (it follows /api/stream and reads /api/room
on each change, one read at a time, and every 30 s), or with DASHBOARD=poll reads it every 5 s. Learners of a room are split over the servers that serve
it. One asyncio loop, keep-alive connections (the load generator must not be the bottleneck).
Prints p50/p99 latency of posts and of /api/room, and counts, and what the generator itself
cost: its CPU time and how late its loop woke (a late loop means the generator, not the
server, is the bottleneck). Usage:
    department-load.py ROOMS_JSON LEARNERS SECONDS [STEPS] [EVENT_EVERY]
EVENT_EVERY: seconds between one learner's events on average (default 10: a request in three
carries one). ARRIVAL (environment): seconds over which the learners arrive (default 3).
ROOMS_JSON: [{"name": ..., "code": ..., "token": ..., "servers": ["http://127.0.0.1:PORT", ...]}, ...]
"""
import asyncio, json, os, random, sys, time, uuid
from urllib.parse import urlparse

# uvloop (Debian's python3-uvloop) when there: about half the generator's CPU per request, so
# its own queueing adds less to the latencies it measures.
try:
    import uvloop
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    loop_kind = "uvloop"
except ImportError:
    loop_kind = "asyncio"

rooms = json.load(open(sys.argv[1]))
learners = int(sys.argv[2])
seconds = float(sys.argv[3])
steps = ["l%02d/s%02d" % (lesson, step) for lesson in range(1, 3) for step in range(1, 5)]
if len(sys.argv) > 4:
    steps = sys.argv[4].split(",")
event_every = float(sys.argv[5]) if len(sys.argv) > 5 else 10.0
# Seconds over which the learners arrive (ARRIVAL, default 3: everyone joins at once).
arrival = float(os.environ.get("ARRIVAL", "3"))
posts, views, statuses, lags = [], [], {}, []
post_times, view_times, event_posts, empty_posts, joins = [], [], [], [], []
events_sent = 0
began = time.time()
stop_at = began + seconds


class Connection:
    def __init__(self, base):
        url = urlparse(base)
        self.host, self.port = url.hostname, url.port
        self.reader = self.writer = None

    async def request(self, method, path, body=b"", headers=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = ["%s %s HTTP/1.1" % (method, path), "Host: %s:%d" % (self.host, self.port),
                 "Content-Length: %d" % len(body)]
        for name, value in (headers or {}).items():
            lines.append("%s: %s" % (name, value))
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length, chunked = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value.strip())
            if name.lower() == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if chunked:
            while True:
                size = int((await self.reader.readline()).strip() or b"0", 16)
                await self.reader.readexactly(size + 2)
                if size == 0:
                    break
        else:
            await self.reader.readexactly(length)
        return status

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def count(status):
    statuses[str(status)] = statuses.get(str(status), 0) + 1


async def learner(index):
    rng = random.Random(index)
    room = rooms[index % len(rooms)]
    base = room["servers"][(index // len(rooms)) % len(room["servers"])]
    connection = Connection(base)
    me, key = str(uuid.uuid4()), "%048x" % rng.getrandbits(192)
    step, first = 0, True
    await asyncio.sleep(rng.random() * arrival)  # learners arrive over ARRIVAL seconds
    global events_sent
    while time.time() < stop_at:
        events = []
        if rng.random() < min(1.0, 3.0 / event_every):
            events_sent += 1
            kind = rng.choice(["entered", "wrong", "wrong", "hint", "right"])
            events.append({"id": str(uuid.uuid4()), "at": time.time(), "kind": kind, "step": steps[step % len(steps)],
                           "feedback": "expected prepare(for:sender:)" if kind == "wrong" else None})
            if kind == "right":
                step += 1
        body = json.dumps({"code": room["code"], "learner": me, "key": key, "name": "learner %d" % index,
                           "seenBroadcast": 0, "events": events}).encode()
        started = time.perf_counter()
        try:
            status = await connection.request("POST", "/api/events", body, {"Content-Type": "application/json"})
        except Exception as error:
            status = type(error).__name__
            connection.close()
        elapsed = time.perf_counter() - started
        posts.append(elapsed)
        post_times.append((time.time() - began, elapsed))
        (event_posts if events else empty_posts).append(elapsed)
        if first:
            joins.append(elapsed)  # the learner's first request adds them to the room
            first = False
        count(status)
        await asyncio.sleep(max(0, 3 - elapsed))


async def read_room(connection, room):
    started = time.perf_counter()
    try:
        status = await connection.request("GET", "/api/room", b"", {"Authorization": "Bearer " + room["token"]})
    except Exception as error:
        status = type(error).__name__
        connection.close()
    elapsed = time.perf_counter() - started
    views.append(elapsed)
    view_times.append((time.time() - began, elapsed))
    count(status)
    return elapsed


async def dashboard(index):
    """Reads the room every 5 s (DASHBOARD=poll), or as the dashboard page does (the default):
    it follows /api/stream and reads the room on every change, one read at a time (a change
    during a read brings another read 0.3 s after it), and every 30 s."""
    room = rooms[index]
    base = room["servers"][index % len(room["servers"])]
    connection = Connection(base)
    await asyncio.sleep(random.random() * 5)
    if os.environ.get("DASHBOARD", "stream") == "poll":
        while time.time() < stop_at:
            elapsed = await read_room(connection, room)
            await asyncio.sleep(max(0, 5 - elapsed))
        return
    wanted = asyncio.Event()

    async def reader():
        while time.time() < stop_at:
            try:
                await asyncio.wait_for(wanted.wait(), timeout=max(0.01, min(30, stop_at - time.time())))
            except asyncio.TimeoutError:
                pass
            if time.time() >= stop_at:
                return
            wanted.clear()
            await read_room(connection, room)
            if wanted.is_set():
                await asyncio.sleep(0.3)

    async def follow():
        url = urlparse(base)
        while time.time() < stop_at:
            try:
                reader_, writer = await asyncio.open_connection(url.hostname, url.port)
                writer.write(("GET /api/stream?token=%s HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (
                    room["token"], url.hostname, url.port)).encode())
                await writer.drain()
                while time.time() < stop_at:
                    line = await asyncio.wait_for(reader_.readline(), timeout=max(0.01, stop_at - time.time()))
                    if not line:
                        break
                    if line.startswith(b"event: change"):
                        wanted.set()
                writer.close()
            except (asyncio.TimeoutError, OSError):
                await asyncio.sleep(1)

    wanted.set()
    await asyncio.gather(reader(), follow())


async def ticker():
    """How late the loop wakes from a 50 ms sleep: the generator's own queueing."""
    while time.time() < stop_at:
        asked = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - asked - 0.05)


async def main():
    await asyncio.gather(
        *[learner(i) for i in range(learners)], *[dashboard(i) for i in range(len(rooms))], ticker())


started_cpu = time.process_time()
asyncio.run(main())
generator_cpu = time.process_time() - started_cpu


def pct(values, p):
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * p))] * 1000, 1) if values else None


# Latency over the run, ten seconds at a time: a queue that builds shows as a rising p99.
for start in range(0, min(10, int(seconds)), 2):
    window = [e for t, e in post_times if start <= t < start + 2]
    print("%3d-%3d s: posts %5d p50 %8s ms p99 %8s ms" % (start, start + 2, len(window), pct(window, 0.5),
                                                           pct(window, 0.99)), file=sys.stderr)
for start in range(0, int(seconds), 10):
    window = [e for t, e in post_times if start <= t < start + 10]
    rooms_window = [e for t, e in view_times if start <= t < start + 10]
    print("%3d-%3d s: posts %5d p50 %8s ms p99 %8s ms | room p50 %8s ms p99 %8s ms" % (
        start, start + 10, len(window), pct(window, 0.5), pct(window, 0.99), pct(rooms_window, 0.5),
        pct(rooms_window, 0.99)), file=sys.stderr)
print(json.dumps({"rooms": len(rooms), "learners": learners, "seconds": seconds, "posts": len(posts),
                  "posts_per_second": round(len(posts) / seconds, 1),
                  "post_p50_ms": pct(posts, 0.5), "post_p99_ms": pct(posts, 0.99), "post_max_ms": pct(posts, 1),
                  "room_views": len(views), "room_p50_ms": pct(views, 0.5), "room_p99_ms": pct(views, 0.99),
                  "room_max_ms": pct(views, 1),
                  "post_with_events_p50_ms": pct(event_posts, 0.5), "post_with_events_p99_ms": pct(event_posts, 0.99),
                  "post_without_p50_ms": pct(empty_posts, 0.5), "post_without_p99_ms": pct(empty_posts, 0.99),
                  "join_p50_ms": pct(joins, 0.5), "join_p99_ms": pct(joins, 0.99),
                  "post_after_10s_p99_ms": pct([e for t, e in post_times if t >= 10], 0.99),
                  "events_sent": events_sent,
                  "events_per_second": round(events_sent / seconds, 1), "statuses": statuses,
                  "generator_cpu_s": round(generator_cpu, 1), "generator_cpu_share": round(generator_cpu / seconds, 2),
                  "generator_lag_p50_ms": pct(lags, 0.5), "generator_lag_p99_ms": pct(lags, 0.99),
                  "generator_loop": loop_kind}))
