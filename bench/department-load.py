#!/usr/bin/env python3
"""Department load: simulated learners spread over many rooms and several workshop servers
sharing one database, plus each room's dashboard. A learner behaves as the learner's side does
(a request every 3 s for news, carrying an event about one time in three); each room's
dashboard reads /api/room every 5 s. Learners of a room are split over the servers that serve
it. One asyncio loop, keep-alive connections (the load generator must not be the bottleneck).
Prints p50/p99 latency of posts and of /api/room, and counts. Usage:
    department-load.py ROOMS_JSON LEARNERS SECONDS
ROOMS_JSON: [{"name": ..., "code": ..., "token": ..., "servers": ["http://127.0.0.1:PORT", ...]}, ...]
"""
import asyncio, json, random, sys, time, uuid
from urllib.parse import urlparse

rooms = json.load(open(sys.argv[1]))
learners = int(sys.argv[2])
seconds = float(sys.argv[3])
steps = ["l%02d/s%02d" % (lesson, step) for lesson in range(1, 3) for step in range(1, 5)]
if len(sys.argv) > 4:
    steps = sys.argv[4].split(",")
posts, views, statuses = [], [], {}
stop_at = time.time() + seconds


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
    step = 0
    await asyncio.sleep(rng.random() * 3)  # learners arrive over a few seconds
    while time.time() < stop_at:
        events = []
        if rng.random() < 0.3:
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
        count(status)
        await asyncio.sleep(max(0, 3 - elapsed))


async def dashboard(index):
    room = rooms[index]
    connection = Connection(room["servers"][index % len(room["servers"])])
    await asyncio.sleep(random.random() * 5)
    while time.time() < stop_at:
        started = time.perf_counter()
        try:
            status = await connection.request("GET", "/api/room", b"", {"Authorization": "Bearer " + room["token"]})
        except Exception as error:
            status = type(error).__name__
            connection.close()
        elapsed = time.perf_counter() - started
        views.append(elapsed)
        count(status)
        await asyncio.sleep(max(0, 5 - elapsed))


async def main():
    await asyncio.gather(*[learner(i) for i in range(learners)], *[dashboard(i) for i in range(len(rooms))])


asyncio.run(main())


def pct(values, p):
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * p))] * 1000, 1) if values else None


print(json.dumps({"rooms": len(rooms), "learners": learners, "seconds": seconds, "posts": len(posts),
                  "posts_per_second": round(len(posts) / seconds, 1),
                  "post_p50_ms": pct(posts, 0.5), "post_p99_ms": pct(posts, 0.99), "post_max_ms": pct(posts, 1),
                  "room_views": len(views), "room_p50_ms": pct(views, 0.5), "room_p99_ms": pct(views, 0.99),
                  "room_max_ms": pct(views, 1), "statuses": statuses}))
