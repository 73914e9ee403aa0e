#!/usr/bin/env python3
"""Load on a workshop server: N simulated learners on loopback, each as the learner's side
behaves (a request for news every 3 s; an event every ~10 s on average: entered, wrong, hint,
right...). Prints p50/p99 request latency and counts. Usage:
    workshop-load.py BASE_URL JOIN_CODE STEPS_CSV [learners=300] [seconds=60]
"""
import http.client, json, random, sys, threading, time, uuid
from urllib.parse import urlparse

base, code, steps = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
learners = int(sys.argv[4]) if len(sys.argv) > 4 else 300
seconds = float(sys.argv[5]) if len(sys.argv) > 5 else 60
url = urlparse(base)
latencies, statuses, lock = [], {}, threading.Lock()
stop_at = time.time() + seconds

def learner(index):
    rng = random.Random(index)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    me, key = str(uuid.uuid4()), "%048x" % rng.getrandbits(192)
    step = 0
    time.sleep(rng.random() * 3)  # learners arrive over a few seconds
    while time.time() < stop_at:
        events = []
        if rng.random() < 0.3:  # about one event per 10 s with a request every 3 s
            kind = rng.choice(["entered", "wrong", "wrong", "hint", "right"])
            events.append({"id": str(uuid.uuid4()), "at": time.time(), "kind": kind, "step": steps[step % len(steps)],
                           "feedback": "expected prepare(for:sender:)" if kind == "wrong" else None})
            if kind == "right": step += 1
        body = json.dumps({"code": code, "learner": me, "key": key, "name": "learner %d" % index,
                           "seenBroadcast": 0, "events": events})
        started = time.perf_counter()
        try:
            connection.request("POST", "/api/events", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            status = response.status
        except Exception as error:
            status = type(error).__name__
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        elapsed = time.perf_counter() - started
        with lock:
            latencies.append(elapsed)
            statuses[status] = statuses.get(status, 0) + 1
        time.sleep(max(0, 3 - elapsed))

threads = [threading.Thread(target=learner, args=(i,)) for i in range(learners)]
for thread in threads: thread.start()
for thread in threads: thread.join()
latencies.sort()
def pct(p): return latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000
print(json.dumps({"learners": learners, "seconds": seconds, "requests": len(latencies),
                  "requests_per_second": round(len(latencies) / seconds, 1),
                  "p50_ms": round(pct(0.50), 1), "p99_ms": round(pct(0.99), 1), "max_ms": round(latencies[-1] * 1000, 1),
                  "statuses": {str(k): v for k, v in statuses.items()}}))
