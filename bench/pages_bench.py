"""Prints how fast charts render and how fast a step page serves.

    .venv/bin/python bench/pages_bench.py [--seconds 5] [--workers 2] [--rounds 3]

1. The time to render every chart cold: DOT from the models, then `dot` to SVG
   and to PDF, as `loadcharts` does when content changes.
2. Requests per second for a step page against a one-line Django view, both
   served by the same gunicorn with the same workers, loaded by wrk over
   loopback; and their ratio (the goal is at least 0.8).
3. The step page against a static CSS file, both from `manage.py serve` as `make run`
   serves them.
4. The time to build a page that is not kept (the first visit after new content).

The pages take turns, `--rounds` times (the machine's noise hits each alike); each
figure is its best round, and each ratio is also given per round, from measurements
taken one after the other.

It works in a throwaway database and never touches var/.
"""

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PENALTYFLOW_VAR_DIR"] = tempfile.mkdtemp(prefix="penaltyflow-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gunicorn(port: int, workers: int) -> subprocess.Popen:
    """The app under gunicorn on 127.0.0.1:port, as the benches measure it."""
    command = [str(Path(sys.executable).parent / "gunicorn"), "penaltyflow.wsgi"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--log-level", "warning"]
    return subprocess.Popen(command, cwd=ROOT, env=os.environ.copy())


def wait_for(url_port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", url_port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not start")


def wrk(url: str, seconds: int, connections: int) -> float:
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        raise SystemExit(f"{url} answered {non_2xx.group(1)} errors:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def interleaved(base: str, urls: dict, seconds: int, connections: int, rounds: int):
    """Each URL's requests a second, the URLs taking turns: the best of each, and every
    round's figures."""
    for url in urls.values():  # warm up every worker on every page
        wrk(base + url, 1, connections)
    every = [
        {name: wrk(base + url, seconds, connections) for name, url in urls.items()}
        for _ in range(rounds)
    ]
    return {name: max(r[name] for r in every) for name in urls}, every


def per_round(every: list[dict], name: str, against: str) -> str:
    return " ".join(f"{r[name] / r[against]:.2f}" for r in every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    subprocess.run(
        [str(ROOT / "scripts/need-system-packages"), "wrk:wrk", "dot:graphviz"], check=True
    )

    import django

    django.setup()
    from django.core.management import call_command

    from penaltyflow.flowcharts import diagrams
    from penaltyflow.flowcharts.models import Flowchart, Node
    from penaltyflow.flowcharts.steps import step_url
    from penaltyflow.hands.models import Example

    call_command("migrate", verbosity=0)
    call_command("loadcharts", verbosity=0)

    charts = list(Flowchart.objects.all())
    titles = dict(Flowchart.objects.values_list("slug", "title"))
    started = time.perf_counter()
    for chart in charts:
        dot = diagrams.build_digraph(chart.graph(), titles)
        diagrams.render_svg(dot)
        diagrams.render_pdf(dot)
    cold = time.perf_counter() - started
    nodes = Node.objects.count()
    print(
        f"render: {len(charts)} charts ({nodes} nodes) cold to SVG and PDF in {cold:.2f} s "
        f"({cold / len(charts) * 1000:.0f} ms a chart)"
    )

    # The deepest step of the Law 56 chart (or the first chart), with its path; and a
    # step that shows an example hand at its table, reached by the choice that carries it.
    chart = Flowchart.objects.filter(slug="law-56").first() or charts[0]
    graph = chart.graph()
    deepest = max(graph.by_key, key=lambda key: len(graph.route_to(key)))
    step = step_url(chart.slug, deepest, graph.route_to(deepest))
    example = (
        Example.objects.filter(choice__source__chart=chart)
        .select_related("choice__source", "choice__target")
        .order_by("-choice__target__id")
        .first()
    )
    table_step = None
    if example is not None:
        source, target = example.choice.source.key, example.choice.target.key
        table_step = step_url(chart.slug, target, graph.route_to(source) + [source])

    port = free_port()
    server = gunicorn(port, args.workers)
    try:
        wait_for(port)
        base = f"http://127.0.0.1:{port}"
        urls = {"one-line": "/bench/one-line/", "step": step}
        if table_step:
            urls["table"] = table_step
        best, every = interleaved(base, urls, args.seconds, args.connections, args.rounds)
        one_line, step_rps, table_rps = best["one-line"], best["step"], best.get("table")
    finally:
        server.terminate()
        server.wait()
    print(
        f"serve: gunicorn, {args.workers} sync workers, wrk {args.connections} connections, "
        f"{args.seconds} s each, best of {args.rounds} rounds"
    )
    print(f"  one-line view     {one_line:8.0f} requests/s")
    print(f"  step page         {step_rps:8.0f} requests/s   {step}")
    print(
        f"  ratio             {step_rps / one_line:8.2f}   (goal: at least 0.8; "
        f"rounds: {per_round(every, 'step', 'one-line')})"
    )
    if table_rps is not None:
        print(f"  step with a table {table_rps:8.0f} requests/s   {table_step}")
        print(
            f"  ratio             {table_rps / one_line:8.2f}   (goal: at least 0.8; "
            f"rounds: {per_round(every, 'table', 'one-line')})"
        )
    try:
        against_static(
            table_step or step, args.seconds, args.connections, args.workers, args.rounds
        )
        built_cold(table_step or step)
    finally:
        shutil.rmtree(os.environ["PENALTYFLOW_VAR_DIR"], ignore_errors=True)


def against_static(step: str, seconds: int, connections: int, workers: int, rounds: int) -> None:
    """The step page against a static CSS file (WhiteNoise, from memory), both from the
    same `manage.py serve` (Granian) as `make run` starts it: what the page costs beyond
    the server's own floor."""
    from bench.serving import get, manage, serve, site_env, stop

    env = site_env(Path(os.environ["PENALTYFLOW_VAR_DIR"]))
    manage(env, "collectstatic", "--noinput", "-v0")
    port = free_port()
    server = serve(env, port, workers=workers)
    try:
        css = re.search(rb'href="(/static/css/site[^"]*\.css)"', get(port, "/")[1]).group(1)
        base = f"http://127.0.0.1:{port}"
        urls = {"css": css.decode(), "step": step}
        best, every = interleaved(base, urls, seconds, connections, rounds)
    finally:
        stop(server)
    print(f"serve as make run does: manage.py serve (Granian), {workers} workers")
    print(f"  static CSS file   {best['css']:8.0f} requests/s   {urls['css']}")
    print(f"  step page         {best['step']:8.0f} requests/s")
    print(
        f"  ratio             {best['step'] / best['css']:8.2f}   (0.77 a few days before; "
        f"rounds: {per_round(every, 'step', 'css')})"
    )


def built_cold(url: str, repeat: int = 50) -> None:
    """What the page cache saves: the time to build the page when it is not kept."""
    from django.core.cache import cache
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    started = time.perf_counter()
    for _ in range(repeat):
        cache.clear()
        assert client.get(url).status_code == 200
    took = (time.perf_counter() - started) / repeat
    print(
        f"  built, not kept   {took * 1000:8.1f} ms a page (in-process, cache cleared each "
        "time): the first visit after new content"
    )


if __name__ == "__main__":
    main()
