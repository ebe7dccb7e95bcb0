#!/usr/bin/env python3
"""A client of `inkpdf serve` for the tests and the benchmark: Python's own
http.client (an independent HTTP implementation), loopback only, every loop
bounded in count and time. Each command prints one line of JSON.

  request URL [--file NAME=PATH] [--field NAME=VALUE] [--token T] [--out FILE] [--insecure]
  load URL --requests N --concurrency C [--file …] [--field …] [--expect-sha256 H] [--deadline S]
  sequential URL --requests N [--file …] [--field …] [--every K --cheap-path P] [--deadline S]
  faults URL --token T [--header-timeout S]
  slow-clients URL --concurrency N --kind body|headers --sources one|each --seconds S [--probe-after S]
  slow-read URL --file … --token T --seconds S
  pieces URL --body-file F --split N[,N…] --pause S
"""

import hashlib
import http.client
import json
import select
import socket
import ssl
import sys
import threading
import time
import urllib.parse
import uuid

from checker_cli import Failure, Parser, run_script


def loopback(url):
    parts = urllib.parse.urlsplit(url)
    if parts.hostname not in ("127.0.0.1", "::1", "localhost"):
        raise Failure(64, f"{url}: this client talks to loopback only")
    return parts


def connection(url, timeout=60, insecure=False):
    parts = loopback(url)
    if parts.scheme == "https":
        context = ssl.create_default_context()
        if insecure:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return http.client.HTTPSConnection(parts.hostname, parts.port, timeout=timeout, context=context)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)


def multipart(files, fields):
    """A multipart/form-data body: the client's side, written here to send to the server."""
    boundary = "inkpdf-test-" + uuid.uuid4().hex
    chunks = []
    for name, value in fields:
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode() + value.encode() + b"\r\n")
    for name, path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        filename = path.rsplit("/", 1)[-1]
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                      f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def pairs(values):
    result = []
    for item in values or []:
        if "=" not in item:
            raise Failure(64, f"{item}: give NAME=VALUE")
        name, value = item.split("=", 1)
        result.append((name, value))
    return result


def send(conn, method, path, body=None, headers=None):
    started = time.monotonic()
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    return response, data, (time.monotonic() - started) * 1000


CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def send_expecting(conn, method, path, body, headers):
    """A request with `Expect: 100-continue`: the body goes only once the server asked for it, so
    a refusal (answered at once, the body unread, the connection closed) is read, never reset."""
    started = time.monotonic()
    conn.putrequest(method, path)
    for name, value in headers.items():
        conn.putheader(name, value)
    conn.putheader("Content-Length", str(len(body)))
    conn.putheader("Expect", "100-continue")
    conn.endheaders()
    ready, _, _ = select.select([conn.sock], [], [], conn.timeout)
    if ready:
        first = conn.sock.recv(len(CONTINUE), socket.MSG_PEEK)
        if first.startswith(b"HTTP/1.1 100"):
            while len(first) < len(CONTINUE) and first == CONTINUE[:len(first)]:
                first = conn.sock.recv(len(CONTINUE), socket.MSG_PEEK)
            conn.sock.recv(len(CONTINUE))
            conn.sock.sendall(body)
    response = conn.getresponse()
    data = response.read()
    return response, data, (time.monotonic() - started) * 1000


def describe(response, data, ms):
    return {"status": response.status, "headers": {k.lower(): v for k, v in response.getheaders()},
            "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "ms": round(ms, 2)}


def request(args):
    parts = loopback(args.url)
    body, content_type = multipart(pairs(args.file), pairs(args.field)) if (args.file or args.field) else (None, None)
    headers = {}
    if content_type:
        headers["Content-Type"] = content_type
    if args.token:
        headers["Authorization"] = "Bearer " + args.token
    conn = connection(args.url, insecure=args.insecure)
    path = parts.path + (("?" + parts.query) if parts.query else "")
    response, data, ms = send(conn, "POST" if body is not None else "GET", path, body, headers)
    result = describe(response, data, ms)
    if args.out:
        with open(args.out, "wb") as handle:
            handle.write(data)
    if response.getheader("Content-Type", "").startswith(("application/json", "text/plain")):
        result["text"] = data.decode("utf-8", "replace")
    return result


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 2)


def load(args):
    """N requests from C threads, each on its own keep-alive connection; every answer checked."""
    parts = loopback(args.url)
    body, content_type = multipart(pairs(args.file), pairs(args.field))
    headers = {"Content-Type": content_type}
    if args.token:
        headers["Authorization"] = "Bearer " + args.token
    lock = threading.Lock()
    remaining = [args.requests]
    statuses, latencies, problems = {}, [], []
    deadline = time.monotonic() + args.deadline

    def worker():
        conn = connection(args.url, timeout=args.deadline)
        while True:
            with lock:
                if remaining[0] == 0 or time.monotonic() > deadline:
                    return
                remaining[0] -= 1
            try:
                response, data, ms = send_expecting(conn, "POST", parts.path, body, headers)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    problems.append(f"{type(error).__name__}: {error}")
                conn.close()
                conn = connection(args.url, timeout=args.deadline)
                continue
            backoff = False
            with lock:
                statuses[response.status] = statuses.get(response.status, 0) + 1
                if response.status == 200:
                    latencies.append(ms)
                    if args.expect_sha256 and hashlib.sha256(data).hexdigest() != args.expect_sha256:
                        problems.append("an answer differs from the command line's output")
                elif response.status == 503:
                    if not response.getheader("Retry-After"):
                        problems.append("a 503 without Retry-After")
                    backoff = True
                else:
                    problems.append(f"status {response.status}: {data[:200]!r}")
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = connection(args.url, timeout=args.deadline)
            if backoff:
                # As a client that honours Retry-After would, shortened: not a reconnect flood that
                # passes the connection limits while closed connections are still being cleaned up.
                time.sleep(0.1)

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.deadline + 30)
    seconds = time.monotonic() - started
    answered = sum(statuses.values())
    return {"requests": args.requests, "answered": answered, "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "problems": problems[:20], "problemCount": len(problems), "seconds": round(seconds, 3),
            "perSecond": round(statuses.get(200, 0) / seconds, 3) if seconds else None,
            "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99)}


def sequential(args):
    """N requests one after another on one keep-alive connection; every K-th a cheap GET instead."""
    parts = loopback(args.url)
    body, content_type = multipart(pairs(args.file), pairs(args.field)) if args.file or args.field else (None, None)
    headers = {"Content-Type": content_type} if content_type else {}
    if args.token:
        headers["Authorization"] = "Bearer " + args.token
    conn = connection(args.url)
    statuses, latencies = {}, []
    deadline = time.monotonic() + args.deadline
    done = 0
    for index in range(args.requests):
        if time.monotonic() > deadline:
            break
        cheap = args.every and index % args.every != 0
        if cheap:
            response, data, ms = send(conn, "GET", args.cheap_path)
        else:
            response, data, ms = send(conn, "POST" if body is not None else "GET", parts.path, body, headers)
            latencies.append(ms)
        statuses[response.status] = statuses.get(response.status, 0) + 1
        done += 1
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = connection(args.url)
    return {"requests": done, "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99)}


def raw(url, payload, read_timeout, pace=None):
    """Sends bytes on a plain socket (a byte at a time every `pace` seconds when given); the status line back."""
    parts = loopback(url)
    started = time.monotonic()
    sock = socket.create_connection((parts.hostname, parts.port), timeout=read_timeout)
    answer = b""
    try:
        try:
            if pace:
                for byte in payload:
                    sock.sendall(bytes([byte]))
                    time.sleep(pace)
                    if time.monotonic() - started > read_timeout:
                        break
            else:
                sock.sendall(payload)
        except OSError:
            pass  # the server stopped reading: its answer (if any) is still to be read
        sock.settimeout(read_timeout)
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    except OSError as error:
        if not answer:
            answer = f"closed: {type(error).__name__}".encode()
    finally:
        sock.close()
    if not answer:
        answer = b"closed"
    line = answer.split(b"\r\n", 1)[0].decode("latin-1")
    status = int(line.split()[1]) if line.startswith("HTTP/") else None
    return {"status": status, "line": line, "seconds": round(time.monotonic() - started, 3)}


def faults(args):
    parts = loopback(args.url)
    host = f"{parts.hostname}:{parts.port}"
    auth = f"Authorization: Bearer {args.token}\r\n"
    boundary = "b0undary"
    results = {}
    slow = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nX-Slow: {'a' * 40}\r\n\r\n".encode()
    results["slowHeaders"] = raw(args.url, slow, read_timeout=args.header_timeout + 15, pace=1.0)
    half = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: multipart/form-data; boundary={boundary}\r\n"
            f"Content-Length: 100000\r\n\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"ink\"; filename=\"a\"\r\n\r\n").encode()
    results["halfUpload"] = raw(args.url, half + b"x" * 1000, read_timeout=args.body_timeout + 15)
    huge = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: multipart/form-data; boundary={boundary}\r\n"
            "Content-Length: 10737418240\r\n\r\n").encode()
    results["declared10GB"] = raw(args.url, huge, read_timeout=10)
    bad = b"this is not a multipart body at all\r\n"
    malformed = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: multipart/form-data; boundary={boundary}\r\n"
                 f"Content-Length: {len(bad)}\r\nConnection: close\r\n\r\n").encode() + bad
    results["malformed"] = raw(args.url, malformed, read_timeout=10)
    results["climbing"] = raw(args.url, f"GET /v1/../healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode(), read_timeout=10)
    empty_form = (f"--{boundary}--\r\n").encode()
    for name, header in [("noToken", ""), ("wrongToken", "Authorization: Bearer not-the-token\r\n")]:
        message = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\n{header}Content-Type: multipart/form-data; boundary={boundary}\r\n"
                   f"Content-Length: {len(empty_form)}\r\nConnection: close\r\n\r\n").encode() + empty_form
        results[name] = raw(args.url, message, read_timeout=10)
    if args.file:
        # A client that goes away after the first bytes of its answer (the download).
        body, content_type = multipart(pairs(args.file), [])
        message = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\n{auth}Content-Type: {content_type}\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        started = time.monotonic()
        sock = socket.create_connection((parts.hostname, parts.port), timeout=60)
        sock.sendall(message)
        first = sock.recv(64)
        sock.close()
        results["abandonedDownload"] = {"status": int(first.split()[1]) if first.startswith(b"HTTP/") else None,
                                        "seconds": round(time.monotonic() - started, 3)}
    results["afterwards"] = raw(args.url, f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode(), read_timeout=10)
    return results


def slow_clients(args):
    """N clients that hold connections slowly (a refused upload sent a byte at a time, or headers
    a byte at a time), from 127.0.0.2 (`one`) or one loopback address each (`each`, 127.0.0.2 …),
    while /healthz is asked from 127.0.0.1 every quarter second; everything ends by --seconds."""
    parts = loopback(args.url)
    host = f"{parts.hostname}:{parts.port}"
    stop = time.monotonic() + args.seconds
    lock = threading.Lock()
    slow = {"answered": 0, "statuses": {}, "maxSeconds": 0.0, "connected": 0}
    health = {"asked": 0, "statuses": {}, "maxSeconds": 0.0, "failures": []}

    def client(index):
        source = "127.0.0.2" if args.sources == "one" else f"127.0.{(index + 2) // 250}.{(index + 2) % 250 + 1}"
        started = time.monotonic()
        try:
            sock = socket.create_connection((parts.hostname, parts.port), timeout=1, source_address=(source, 0))
        except OSError:
            return
        with lock:
            slow["connected"] += 1
        if args.kind == "body":
            head = (f"POST /v1/flatten HTTP/1.1\r\nHost: {host}\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                    f"Content-Length: {1 << 20}\r\n\r\n").encode()
            trickle = b"x" * (1 << 20)
        else:
            head = b""
            trickle = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nX-Slow: {'a' * 4000}\r\n\r\n".encode()
        answer = b""
        try:
            sock.sendall(head)
            sock.setblocking(False)
            for byte in trickle:
                if time.monotonic() > stop:
                    break
                try:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    answer += chunk
                    break
                except BlockingIOError:
                    pass
                sock.send(bytes([byte]))
                time.sleep(0.2)
        except OSError:
            pass
        finally:
            sock.close()
        seconds = time.monotonic() - started
        status = str(int(answer.split()[1])) if answer.startswith(b"HTTP/") else "closed"
        with lock:
            slow["answered"] += 1
            slow["statuses"][status] = slow["statuses"].get(status, 0) + 1
            slow["maxSeconds"] = max(slow["maxSeconds"], round(seconds, 3))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.concurrency)]
    for thread in threads:
        thread.start()
    time.sleep(args.probe_after)
    while time.monotonic() < stop - 1:
        started = time.monotonic()
        try:
            conn = connection(args.url, timeout=3)
            response, _, _ = send(conn, "GET", "/healthz")
            status = str(response.status)
            conn.close()
        except (OSError, http.client.HTTPException) as error:
            status = "failed"
            health["failures"].append(f"{type(error).__name__}: {error}")
        seconds = time.monotonic() - started
        health["asked"] += 1
        health["statuses"][status] = health["statuses"].get(status, 0) + 1
        health["maxSeconds"] = max(health["maxSeconds"], round(seconds, 3))
        time.sleep(0.25)
    for thread in threads:
        thread.join(args.seconds + 10)
    health["failures"] = health["failures"][:5]
    return {"slow": slow, "health": health}


def slow_read(args):
    """One request whose answer is read a KiB every 50 ms through a small receive buffer;
    how much arrived, and whether the server cut it short, within --seconds."""
    parts = loopback(args.url)
    body, content_type = multipart(pairs(args.file), pairs(args.field))
    head = (f"POST {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n"
            + (f"Authorization: Bearer {args.token}\r\n" if args.token else "") + "\r\n").encode()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(5)
    sock.connect((parts.hostname, parts.port))
    sock.sendall(head + body)
    started = time.monotonic()
    received, ended, first, first_byte = 0, "deadline", b"", None
    while time.monotonic() - started < args.seconds:
        try:
            chunk = sock.recv(1024)
        except socket.timeout:
            continue
        except OSError as error:
            ended = type(error).__name__
            break
        if not chunk:
            ended = "closed"
            break
        if first_byte is None:
            first_byte = time.monotonic()
        if len(first) < 512:
            first += chunk[:512]
        received += len(chunk)
        time.sleep(0.05)
    sock.close()
    status = int(first.split()[1]) if first.startswith(b"HTTP/") else None
    length = None
    for line in first.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    now = time.monotonic()
    return {"status": status, "received": received, "contentLength": length, "ended": ended,
            "seconds": round(now - started, 3), "secondsFromFirstByte": round(now - first_byte, 3) if first_byte else None}


def pieces(args):
    """The bytes of --body-file (a whole request) sent in pieces cut at --split, --pause apart; the answer."""
    parts = loopback(args.url)
    with open(args.body_file, "rb") as handle:
        data = handle.read()
    cuts = [int(n) for n in args.split.split(",")] if args.split else []
    sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
    previous = 0
    for cut in cuts + [len(data)]:
        sock.sendall(data[previous:cut])
        previous = cut
        time.sleep(args.pause)
    answer = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    sock.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    line = head.split(b"\r\n", 1)[0].decode("latin-1")
    return {"status": int(line.split()[1]) if line.startswith("HTTP/") else None, "text": body.decode("utf-8", "replace")}


def main(argv):
    parser = Parser(prog="serve_client.py")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("request", "load", "sequential", "faults", "slow-clients", "slow-read", "pieces"):
        sub = commands.add_parser(name)
        sub.add_argument("url")
        sub.add_argument("--file", action="append")
        sub.add_argument("--field", action="append")
        sub.add_argument("--token")
        sub.add_argument("--out")
        sub.add_argument("--insecure", action="store_true")
        sub.add_argument("--requests", type=int, default=1)
        sub.add_argument("--concurrency", type=int, default=1)
        sub.add_argument("--expect-sha256")
        sub.add_argument("--deadline", type=float, default=300)
        sub.add_argument("--every", type=int, default=0)
        sub.add_argument("--cheap-path", default="/healthz")
        sub.add_argument("--header-timeout", type=float, default=10)
        sub.add_argument("--body-timeout", type=float, default=10)
        sub.add_argument("--kind", choices=("body", "headers"), default="body")
        sub.add_argument("--sources", choices=("one", "each"), default="one")
        sub.add_argument("--seconds", type=float, default=10)
        sub.add_argument("--body-file")
        sub.add_argument("--split", default="")
        sub.add_argument("--pause", type=float, default=0.3)
        sub.add_argument("--probe-after", type=float, default=1)
    args = parser.parse_args(argv)
    if args.requests < 1 or args.requests > 100_000 or args.concurrency < 1 or args.concurrency > 256:
        raise Failure(64, "requests 1–100000, concurrency 1–256")
    if args.seconds <= 0 or args.seconds > 120 or args.pause < 0 or args.pause > 5:
        raise Failure(64, "seconds 0–120, pause 0–5")
    return {"request": request, "load": load, "sequential": sequential, "faults": faults, "slow-clients": slow_clients,
            "slow-read": slow_read, "pieces": pieces}[args.command](args)


if __name__ == "__main__":
    run_script("serve_client.py", main)
