"""Airflow 2 DAG: the nightly fleetwx run (docs/scheduling.md).

One task runs ``fleetwx run`` at 04:00 UTC and maps its exit code (README.md, "Exit codes"):

- 0: success.
- 2: success, with a warning and the XCom ``{"attention": True, "exit_code": 2}``: the
  reports were written, but something needs a look (rejected rows, stale or missing weather,
  a quota stop).
- 1: nothing usable was written: ``AirflowException``, so the task fails and is retried
  (``retries=2``, 10 minutes apart).
- 64: usage error: ``AirflowFailException``, the task fails at once, without retries
  (the same command line would fail the same way).
- anything else (a negative code is a signal, e.g. -9 when killed): ``AirflowException``.

The mapping (``outcome_for_exit_code``) and the task callable (``run_fleetwx``) work without
Airflow installed, so they can be tested alone (Tests/Python/test_deploy.py): the DAG is only
built when Airflow imports, and the two exception classes are looked up in
``airflow.exceptions`` when raised (stand-ins otherwise).

Settings come from the environment of the Airflow worker, with these defaults:
``FLEETWX_BINARY`` (/usr/local/bin/fleetwx), ``FLEETWX_SCHEDULE`` (/etc/fleetwx/schedule.csv),
``FLEETWX_WORKDIR`` (/var/lib/fleetwx: ``--out`` defaults to ``Output/<UTC date>`` under it),
``FLEETWX_METRICS_FILE`` (/var/lib/prometheus/node-exporter/fleetwx.prom). fleetwx itself
reads ``FLEETWX_STATE``, ``FLEETWX_TEMPLATES`` and the ``WEATHERKIT_*`` variables
(README.md, "Environment").
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

log = logging.getLogger(__name__)

SUCCESS = "success"
ATTENTION = "attention"
RETRY = "retry"
FAIL = "fail"


def outcome_for_exit_code(code):
    """What fleetwx's exit code means to the task: one of SUCCESS, ATTENTION, RETRY, FAIL.

    RETRY: fail the task, Airflow's retries apply. FAIL: fail the task without retrying.
    """
    if code == 0:
        return SUCCESS
    if code == 2:
        return ATTENTION
    if code == 64:
        return FAIL
    # 1 (nothing usable written), a signal (negative), or a code fleetwx does not document.
    return RETRY


class _StandInAirflowException(Exception):
    """Used only when Airflow is not installed (tests, a syntax check)."""


class _StandInAirflowFailException(_StandInAirflowException):
    """Used only when Airflow is not installed."""


def _exception_classes():
    """(AirflowException, AirflowFailException), looked up at raise time.

    Looked up on each call, not bound at import, so a test can put its own
    ``airflow.exceptions`` module into ``sys.modules``.
    """
    module = sys.modules.get("airflow.exceptions")
    if module is None:
        try:
            import airflow.exceptions as module  # noqa: PLC0415
        except ImportError:
            return _StandInAirflowException, _StandInAirflowFailException
    return module.AirflowException, module.AirflowFailException


def _settings():
    env = os.environ
    return {
        "binary": env.get("FLEETWX_BINARY", "/usr/local/bin/fleetwx"),
        "schedule": env.get("FLEETWX_SCHEDULE", "/etc/fleetwx/schedule.csv"),
        "workdir": env.get("FLEETWX_WORKDIR", "/var/lib/fleetwx"),
        "metrics_file": env.get(
            "FLEETWX_METRICS_FILE", "/var/lib/prometheus/node-exporter/fleetwx.prom"
        ),
    }


def fleetwx_command(settings):
    """The command line the task runs (no --out: Output/<UTC date> under the workdir)."""
    return [
        settings["binary"],
        "run",
        settings["schedule"],
        "--metrics-file",
        settings["metrics_file"],
        "--log-format",
        "json",
    ]


def _read_run_summary(workdir, started):
    """The run's run.json, if one can be found for the UTC date the run started; else None.

    Optional: the exit code decides the outcome, this only adds detail to the log.
    """
    path = os.path.join(workdir, "Output", started.strftime("%Y-%m-%d"), "run.json")
    try:
        with open(path, encoding="utf-8") as handle:
            summary = json.load(handle)
    except (OSError, ValueError):
        return None
    return summary if isinstance(summary, dict) else None


def _stop(process, grace_seconds=10):
    """Ends fleetwx: SIGTERM, then SIGKILL after grace_seconds."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.communicate(timeout=grace_seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()


def run_fleetwx(**context):
    """The task: run fleetwx, log its output, turn its exit code into the task's outcome."""
    settings = _settings()
    command = fleetwx_command(settings)
    started = datetime.now(timezone.utc)
    log.info("running %s in %s", " ".join(command), settings["workdir"])
    process = subprocess.Popen(
        command,
        cwd=settings["workdir"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        stdout, stderr = process.communicate()
    except BaseException:
        # Airflow's execution_timeout (SIGALRM) or a task kill arrives here as an exception.
        # SIGTERM lets fleetwx stop the way it is built to (it publishes what it has and exits
        # within 2 s, README.md "State, cache and quota"); SIGKILL only if it does not.
        _stop(process)
        raise
    # stderr is JSON lines (--log-format json); passed on as they are.
    for line in stderr.splitlines():
        log.info("fleetwx: %s", line)
    for line in stdout.splitlines():
        log.info("fleetwx stdout: %s", line)

    code = process.returncode
    outcome = outcome_for_exit_code(code)
    airflow_exception, airflow_fail_exception = _exception_classes()
    if outcome == SUCCESS:
        log.info("fleetwx exited 0: every row briefed with fresh weather")
        return code
    if outcome == ATTENTION:
        summary = _read_run_summary(settings["workdir"], started)
        detail = ""
        if summary is not None:
            detail = " (run.json: flights %s, warnings %d)" % (
                json.dumps(summary.get("flights")),
                len(summary.get("warnings") or []),
            )
        log.warning(
            "fleetwx exited 2: reports written, but something needs attention "
            "(rejected rows, stale or missing weather, quota stop)%s",
            detail,
        )
        task_instance = context.get("ti") or context.get("task_instance")
        if task_instance is not None:
            task_instance.xcom_push(key="fleetwx", value={"attention": True, "exit_code": 2})
        return code
    if outcome == FAIL:
        raise airflow_fail_exception(
            "fleetwx exited 64: usage error (the command line is wrong); not retried"
        )
    if code < 0:
        raise airflow_exception("fleetwx was killed by signal %d" % -code)
    raise airflow_exception(
        "fleetwx exited %d: nothing usable was written; the previous report stays published"
        % code
    )


DEFAULT_ARGS = {
    "owner": "ops",
    "retries": 2,
    "retry_delay": timedelta(minutes=10),
}

try:
    from airflow import DAG
    from airflow.operators.python import PythonOperator
except ImportError:  # Airflow not installed: the functions above are still importable.
    DAG = None
    PythonOperator = None

if DAG is not None and PythonOperator is not None:
    with DAG(
        dag_id="fleetwx_nightly",
        description="Nightly fleetwx weather briefings (docs/scheduling.md)",
        schedule="0 4 * * *",
        start_date=datetime(2026, 1, 1, tzinfo=timezone.utc),
        catchup=False,
        max_active_runs=1,
        default_args=DEFAULT_ARGS,
        tags=["fleetwx"],
    ) as dag:
        PythonOperator(
            task_id="fleetwx_run",
            python_callable=run_fleetwx,
            # Below the systemd unit's TimeoutStartSec=2h, the same bound on one run.
            execution_timeout=timedelta(hours=2),
        )
