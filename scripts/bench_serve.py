#!/usr/bin/env python3
"""Benchmark of `inkpdf serve` against its peer in the same run: the same
flattens as `inkpdf flatten` processes, two at a time. Loopback only; every
loop bounded in count. Prints a table and one JSON line (the last line).

  bench_serve.py INKPDF WORK [--requests N] [--sequential N] [--memory-requests N]

Reports, each against its target:
  throughput of serve --jobs 2 / flatten processes two at a time     >= 0.9
  added latency per request at the median (serve - command line)     <= 5 ms
  the server's own memory, workers not counted: PSS (the library pages it shares with its
    workers and every other inkpdf counted in proportion, as the other benchmarks count
    memory), with RSS, private and anonymous memory beside it         <= 32 MB, flat over N requests
    (alone, the server's library pages are its own: PSS is then about its RSS; the anonymous
    figure is what the server itself allocates)
  median and p99 latency for 1, 4 and 16 concurrent clients          (report)
"""

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_client  # noqa: E402  (the tests' client: http.client, multipart)

SAMPLES = [("SamplePDFs/course-notes.pdf", "SamplePDFs/course-notes.ink.jsonl"),
           ("SamplePDFs/letter-worksheet.pdf", "SamplePDFs/letter-worksheet.ink.jsonl.gz")]


def median(values):
    return serve_client.percentile(values, 0.5)


def p99(values):
    return serve_client.percentile(values, 0.99)


class Service:
    def __init__(self, inkpdf, work, policy, jobs=2, queue=64):
        self.log = open(os.path.join(work, "serve.log"), "wb")
        self.process = subprocess.Popen([inkpdf, "serve", "--listen", "127.0.0.1:0", "--jobs", str(jobs), "--queue", str(queue),
                                         "--policy", policy, "--work-dir", work], stderr=subprocess.PIPE)
        line = self.process.stderr.readline()
        event = json.loads(line)
        self.url = "http://" + event["address"]
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stderr:
            self.log.write(line)

    def memory_kb(self):
        """Rss, Pss (library pages shared with the workers counted in proportion) and private KB."""
        values = {}
        with open(f"/proc/{self.process.pid}/smaps_rollup") as rollup:
            for line in rollup:
                fields = line.split()
                if len(fields) >= 2 and fields[0].rstrip(":") in ("Rss", "Pss", "Pss_Anon", "Private_Clean", "Private_Dirty"):
                    values[fields[0].rstrip(":")] = int(fields[1])
        return {"rss": values["Rss"], "pss": values["Pss"], "private": values["Private_Clean"] + values["Private_Dirty"],
                "anonymous": values.get("Pss_Anon", 0)}

    def stop(self):
        self.process.terminate()
        self.process.wait(60)


def forms():
    return [serve_client.multipart([("pdf", pdf), ("ink", ink)], []) for pdf, ink in SAMPLES]


def post(conn, body, content_type):
    response, data, ms = serve_client.send(conn, "POST", "/v1/flatten", body, {"Content-Type": content_type})
    if response.status != 200:
        raise SystemExit(f"bench_serve.py: the service answered {response.status}: {data[:300]!r}")
    return ms


def serve_load(url, requests, concurrency):
    """`requests` flattens over the samples from `concurrency` clients; wall seconds and latencies (ms)."""
    bodies = forms()
    lock = threading.Lock()
    next_index = [0]
    latencies = []

    def client():
        conn = serve_client.connection(url, timeout=600)
        while True:
            with lock:
                index = next_index[0]
                if index >= requests:
                    return
                next_index[0] += 1
            body, content_type = bodies[index % len(bodies)]
            ms = post(conn, body, content_type)
            with lock:
                latencies.append(ms)

    started = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started, latencies


def cli_flatten(inkpdf, work, index, policy):
    pdf, ink = SAMPLES[index % len(SAMPLES)]
    output = os.path.join(work, f"cli-{index % 8}-{threading.get_ident()}.pdf")
    started = time.monotonic()
    subprocess.run([inkpdf, "flatten", pdf, "--ink", ink, "-o", output, "--quiet", "--policy", policy], check=True)
    return (time.monotonic() - started) * 1000


def main():
    inkpdf, work = sys.argv[1], sys.argv[2]
    options = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    requests = int(options.get("--requests", 120))
    sequential = int(options.get("--sequential", 40))
    memory_requests = int(options.get("--memory-requests", 2000))
    os.makedirs(work, exist_ok=True)
    policy = os.path.join(work, "policy.json")
    with open(policy, "w") as handle:
        handle.write('{"exportAnnotated":"free"}\n')
    results = {}

    # Throughput: the command line two at a time, then the service with two workers.
    cli_flatten(inkpdf, work, 0, policy)
    started = time.monotonic()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda index: cli_flatten(inkpdf, work, index, policy), range(requests)))
    cli_seconds = time.monotonic() - started
    service = Service(inkpdf, work, policy)
    serve_load(service.url, 8, 2)
    serve_seconds, _ = serve_load(service.url, requests, 4)
    results["throughput"] = {"cliPerSecond": round(requests / cli_seconds, 2), "servePerSecond": round(requests / serve_seconds, 2),
                             "ratio": round(cli_seconds / serve_seconds, 3)}

    # Added latency: one request at a time, against one command line at a time.
    cli_ms = [cli_flatten(inkpdf, work, 0, policy) for _ in range(sequential)]
    conn = serve_client.connection(service.url, timeout=600)
    body, content_type = forms()[0]
    serve_ms = [post(conn, body, content_type) for _ in range(sequential)]
    results["latency"] = {"cliMedianMs": round(median(cli_ms), 2), "serveMedianMs": round(median(serve_ms), 2),
                          "addedMedianMs": round(median(serve_ms) - median(cli_ms), 2)}

    # Latency under 1, 4 and 16 clients (the queue holds them all: no 503 here).
    results["concurrency"] = {}
    for clients in (1, 4, 16):
        _, latencies = serve_load(service.url, max(32, clients * 4), clients)
        results["concurrency"][str(clients)] = {"medianMs": round(median(latencies), 1), "p99Ms": round(p99(latencies), 1)}

    # The server's own memory over many requests (its workers are other processes).
    start = service.memory_kb()
    peak = dict(start)
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            now = service.memory_kb()
            for key in peak:
                peak[key] = max(peak[key], now[key])
            time.sleep(0.2)

    sampler = threading.Thread(target=sample)
    sampler.start()
    small, small_type = forms()[1]
    for _ in range(memory_requests):
        post(conn, small, small_type)
    stop.set()
    sampler.join()
    end = service.memory_kb()
    results["memory"] = {"requests": memory_requests, "start": start, "peak": peak, "end": end,
                         "pssGrowth": round(end["pss"] / start["pss"], 3)}
    service.stop()

    t, l, m = results["throughput"], results["latency"], results["memory"]
    print(f"{'serve --jobs 2 vs flatten two at a time (docs/s)':58} {t['servePerSecond']:>8} vs {t['cliPerSecond']:<8}"
          f" ratio {t['ratio']:.2f}  (target >= 0.9)")
    print(f"{'added latency at the median (ms)':58} {l['addedMedianMs']:>8}  (serve {l['serveMedianMs']} ms, command line "
          f"{l['cliMedianMs']} ms; target <= 5)")
    for key, label in (("pss", "PSS (shared library pages in proportion)"), ("rss", "RSS"), ("private", "private"),
                       ("anonymous", "anonymous (its heap and stacks)")):
        print(f"{'server ' + label + ', start / peak / end (MB)':58} {m['start'][key] / 1024:>8.1f} / {m['peak'][key] / 1024:.1f} / "
              f"{m['end'][key] / 1024:.1f}" + (f" over {m['requests']} requests  (target <= 32, flat)" if key == "pss" else
                                               "  (reported)" if key == "anonymous" else ""))
    for clients, values in results["concurrency"].items():
        print(f"{'latency with ' + clients + ' clients, median / p99 (ms)':58} {values['medianMs']:>8} / {values['p99Ms']}  (reported)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
