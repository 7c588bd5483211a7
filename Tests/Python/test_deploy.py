"""Checks of the scheduler files under deploy/ (docs/scheduling.md).

Stdlib only. From the repository root:

    python3 -m unittest discover -s Tests/Python -p 'test_*.py'

The systemd checks need systemd-analyze; without it they are skipped, unless
FLEETWX_REQUIRE_TOOLS=1 (CI), which makes a missing tool a failure. systemd-analyze verify
refuses a unit whose ExecStart= binary does not exist, so the units are verified from a copy
whose binary is FLEETWX_BINARY, else .build/release/fleetwx, else /bin/true.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import types
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "deploy" / "systemd"
SERVICE = SYSTEMD / "fleetwx.service"
TIMER = SYSTEMD / "fleetwx.timer"
CRON = ROOT / "deploy" / "cron" / "fleetwx.cron"
DAG_FILE = ROOT / "deploy" / "airflow" / "fleetwx_dag.py"
INSTALLED_BINARY = "/usr/local/bin/fleetwx"


def require_tools() -> bool:
    return os.environ.get("FLEETWX_REQUIRE_TOOLS") == "1"


def unit_settings(path: Path) -> dict[str, list[str]]:
    """Key -> values of a unit file (all sections; comments and blank lines skipped)."""
    settings: dict[str, list[str]] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line[0] in "#;" or line.startswith("["):
            continue
        key, separator, value = line.partition("=")
        if separator:
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def verify_binary() -> str:
    """An existing executable to stand in for the installed fleetwx."""
    given = os.environ.get("FLEETWX_BINARY")
    candidates = [given] if given else [str(ROOT / ".build" / "release" / "fleetwx"), "/bin/true"]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    raise AssertionError("no executable for systemd-analyze verify: tried %s" % candidates)


def fleetwx_lines(output: str) -> list[str]:
    """The lines of systemd-analyze output about our units.

    In a container systemd-analyze may also complain about the host's own units; those
    lines do not name fleetwx and are left out.
    """
    return [line for line in output.splitlines() if "fleetwx" in line]


class SystemdUnitTests(unittest.TestCase):
    def setUp(self) -> None:
        self.analyze = shutil.which("systemd-analyze")
        if self.analyze is None:
            message = "systemd-analyze is not on PATH: the systemd unit checks did not run"
            if require_tools():
                self.fail(message + " (FLEETWX_REQUIRE_TOOLS=1)")
            self.skipTest(message)

    def verify(self, service_text: str, timer_text: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as folder:
            service = Path(folder) / "fleetwx.service"
            timer = Path(folder) / "fleetwx.timer"
            service.write_text(service_text, encoding="utf-8")
            timer.write_text(timer_text, encoding="utf-8")
            return subprocess.run(
                [self.analyze, "verify", str(service), str(timer)],
                capture_output=True,
                text=True,
                timeout=120,
            )

    def unit_texts(self) -> tuple[str, str]:
        service_text = SERVICE.read_text(encoding="utf-8")
        self.assertIn("ExecStart=%s " % INSTALLED_BINARY, service_text)
        service_text = service_text.replace(
            "ExecStart=%s " % INSTALLED_BINARY, "ExecStart=%s " % verify_binary()
        )
        return service_text, TIMER.read_text(encoding="utf-8")

    def assert_verified(self, result: subprocess.CompletedProcess) -> None:
        about_us = fleetwx_lines(result.stdout + "\n" + result.stderr)
        self.assertEqual(
            result.returncode,
            0,
            "systemd-analyze verify exited %d:\n%s%s"
            % (result.returncode, result.stdout, result.stderr),
        )
        self.assertEqual(about_us, [], "systemd-analyze verify complained:\n" + "\n".join(about_us))

    def test_units_verify(self) -> None:
        self.assert_verified(self.verify(*self.unit_texts()))

    def test_verify_check_catches_a_misspelt_key(self) -> None:
        # systemd-analyze verify exits 0 on an unknown key and only prints
        # "Unknown key 'Persistant' in section [Timer], ignoring.": the stderr check must fail.
        service_text, timer_text = self.unit_texts()
        broken = timer_text.replace("[Timer]\n", "[Timer]\nPersistant=true\n", 1)
        self.assertNotEqual(broken, timer_text)
        result = self.verify(service_text, broken)
        self.assertTrue(
            any("Persistant" in line for line in fleetwx_lines(result.stderr)), result.stderr
        )
        with self.assertRaises(AssertionError):
            self.assert_verified(result)

    def test_verify_check_catches_a_bad_service(self) -> None:
        service_text, timer_text = self.unit_texts()
        # The last assignment wins: the service section ends the file.
        broken = service_text.rstrip("\n") + "\nRestart=always\n"
        with self.assertRaises(AssertionError):
            self.assert_verified(self.verify(broken, timer_text))

    def test_timer_calendar_parses(self) -> None:
        calendars = unit_settings(TIMER).get("OnCalendar", [])
        self.assertEqual(calendars, ["*-*-* 04:00:00 UTC"])
        result = subprocess.run(
            [self.analyze, "calendar", calendars[0]], capture_output=True, text=True, timeout=60
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Normalized form: *-*-* 04:00:00 UTC", result.stdout)


class UnitContentTests(unittest.TestCase):
    """What the units must say, checked without systemd."""

    def test_service(self) -> None:
        settings = unit_settings(SERVICE)
        self.assertEqual(settings.get("Type"), ["oneshot"])
        success = " ".join(settings.get("SuccessExitStatus", [])).split()
        self.assertIn("2", success)
        self.assertNotIn("1", success)
        self.assertEqual(settings.get("StateDirectory"), ["fleetwx"])
        self.assertEqual(settings.get("WorkingDirectory"), ["%S/fleetwx"])
        self.assertIn("64", " ".join(settings.get("RestartPreventExitStatus", [])).split())
        self.assertEqual(settings.get("LimitCORE"), ["0"])
        self.assertEqual(settings.get("LoadCredential"), ["AuthKey.p8:/etc/fleetwx/AuthKey.p8"])
        environment = settings.get("Environment", [])
        self.assertIn("WEATHERKIT_KEY_FILE=%d/AuthKey.p8", environment)
        self.assertIn("FLEETWX_STATE=%S/fleetwx/state.sqlite", environment)
        self.assertIn("FLEETWX_TEMPLATES=/usr/local/share/fleetwx/Templates", environment)
        self.assertEqual(settings.get("EnvironmentFile"), ["/etc/fleetwx/fleetwx.env"])
        self.assertEqual(len(settings.get("ExecStart", [])), 1)
        command = shlex.split(settings["ExecStart"][0])
        self.assertEqual(command[:3], [INSTALLED_BINARY, "run", "/etc/fleetwx/schedule.csv"])
        self.assertNotIn("--out", command)
        self.assertEqual(
            command[command.index("--metrics-file") + 1],
            "/var/lib/prometheus/node-exporter/fleetwx.prom",
        )
        self.assertEqual(command[command.index("--log-format") + 1], "json")
        # The metrics file's directory must be writable under ProtectSystem=strict.
        writable = " ".join(settings.get("ReadWritePaths", [])).split()
        self.assertTrue(
            any(path.lstrip("-") == "/var/lib/prometheus/node-exporter" for path in writable)
        )
        # The key is never in the environment itself.
        text = SERVICE.read_text(encoding="utf-8")
        self.assertNotIn("BEGIN PRIVATE KEY", text)

    def test_timer(self) -> None:
        settings = unit_settings(TIMER)
        self.assertEqual(settings.get("Persistent"), ["true"])
        self.assertEqual(settings.get("Unit"), ["fleetwx.service"])
        self.assertEqual(settings.get("WantedBy"), ["timers.target"])


CRON_ENV = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\s*=")
CRON_TIME_FIELD = re.compile(r"^[0-9*/,\-A-Za-z]+$")


def cron_entries(text: str) -> list[tuple[list[str], str, str]]:
    """(five time fields, user, command) of each job line of a /etc/cron.d file."""
    entries = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or CRON_ENV.match(line):
            continue
        fields = line.split(None, 6)
        if len(fields) < 7:
            raise AssertionError("a cron line needs 5 time fields, a user and a command: %r" % raw)
        entries.append((fields[:5], fields[5], fields[6]))
    return entries


def unescaped_percent(command: str) -> bool:
    """True when the command holds a "%" not written as "\\%" (cron turns it into a new line)."""
    return re.search(r"(?<!\\)%", command) is not None


class CronTests(unittest.TestCase):
    def setUp(self) -> None:
        self.text = CRON.read_text(encoding="utf-8")
        self.entries = cron_entries(self.text)

    def test_one_nightly_line(self) -> None:
        self.assertEqual(len(self.entries), 1)
        times, user, command = self.entries[0]
        for field in times:
            self.assertRegex(field, CRON_TIME_FIELD)
        self.assertEqual(times, ["0", "4", "*", "*", "*"])
        self.assertEqual(user, "fleetwx")
        self.assertFalse(unescaped_percent(command), command)
        self.assertRegex(command, r"^cd /var/lib/fleetwx && ")
        self.assertRegex(command, r"(^|[\s{;&|/])fleetwx run ")
        self.assertIn("--log-format json", command)
        self.assertIn("--metrics-file /var/lib/prometheus/node-exporter/fleetwx.prom", command)

    def test_environment(self) -> None:
        names = {
            line.split("=", 1)[0].strip()
            for line in self.text.splitlines()
            if CRON_ENV.match(line.strip()) and not line.lstrip().startswith("#")
        }
        for name in (
            "FLEETWX_STATE",
            "FLEETWX_TEMPLATES",
            "WEATHERKIT_TEAM_ID",
            "WEATHERKIT_SERVICE_ID",
            "WEATHERKIT_KEY_ID",
            "WEATHERKIT_KEY_FILE",
        ):
            self.assertIn(name, names)

    def test_parser_refuses_broken_lines(self) -> None:
        with self.assertRaises(AssertionError):
            cron_entries("0 4 * * * fleetwx\n")
        self.assertTrue(unescaped_percent("date +%F"))
        self.assertFalse(unescaped_percent("date +\\%F"))

    def test_command_prints_only_on_failure(self) -> None:
        """Run the job's command under sh with a fake fleetwx: mail (output) only for 1 and 64."""
        command = self.entries[0][2].replace("\\%", "%")
        with tempfile.TemporaryDirectory() as folder:
            work, logs, bin_dir = (Path(folder) / name for name in ("work", "logs", "bin"))
            for path in (work, logs, bin_dir):
                path.mkdir()
            fake = write_fake_fleetwx(bin_dir)
            local = command.replace("/var/lib/fleetwx", str(work)).replace(
                "/var/log/fleetwx", str(logs)
            )
            for code, mails in ((0, False), (2, False), (1, True), (64, True)):
                with self.subTest(code=code):
                    env = dict(os.environ, PATH="%s:/usr/bin:/bin" % bin_dir, FAKE_EXIT=str(code))
                    result = subprocess.run(
                        ["/bin/sh", "-c", local], env=env, capture_output=True, text=True
                    )
                    self.assertEqual(bool(result.stdout + result.stderr), mails, result)
                    if mails:
                        self.assertIn("exited %d" % code, result.stdout)
            logged = "".join(path.read_text() for path in logs.iterdir())
            self.assertIn('"fake":', logged)  # the fake's stderr reached the day's log file
            self.assertTrue(fake.exists())


def write_fake_fleetwx(folder: Path) -> Path:
    """A fleetwx stand-in: one JSON line on stderr, exit with $FAKE_EXIT (kill itself for -N).

    With FAKE_MARK set it waits instead, and on SIGTERM writes "terminated" there and exits 2.
    """
    fake = folder / "fleetwx"
    fake.write_text(
        "#!/bin/sh\n"
        'echo \'{"fake": true}\' >&2\n'
        'if [ -n "$FAKE_MARK" ]; then\n'
        "  trap 'kill $pid 2>/dev/null; echo terminated > \"$FAKE_MARK\"; exit 2' TERM\n"
        "  sleep 30 & pid=$!\n"
        '  wait "$pid"\n'
        "  exit 0\n"
        "fi\n"
        'case "$FAKE_EXIT" in\n'
        '  -*) kill -s "${FAKE_EXIT#-}" $$ ;;\n'
        "esac\n"
        'exit "$FAKE_EXIT"\n',
        encoding="utf-8",
    )
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return fake


class FakeAirflowException(Exception):
    pass


class FakeAirflowFailException(FakeAirflowException):
    pass


class FakeTaskInstance:
    def __init__(self) -> None:
        self.pushed: list[tuple[str, object]] = []

    def xcom_push(self, key, value) -> None:
        self.pushed.append((key, value))


class FakeDAG:
    instances: list["FakeDAG"] = []

    def __init__(self, **kwargs) -> None:
        self.kwargs = kwargs
        self.tasks: list[FakePythonOperator] = []
        FakeDAG.instances.append(self)

    def __enter__(self):
        FakeDAG.current = self
        return self

    def __exit__(self, *exc) -> None:
        FakeDAG.current = None


class FakePythonOperator:
    def __init__(self, **kwargs) -> None:
        self.kwargs = kwargs
        FakeDAG.current.tasks.append(self)


def fake_airflow_modules() -> dict[str, types.ModuleType]:
    airflow = types.ModuleType("airflow")
    airflow.DAG = FakeDAG
    exceptions = types.ModuleType("airflow.exceptions")
    exceptions.AirflowException = FakeAirflowException
    exceptions.AirflowFailException = FakeAirflowFailException
    operators = types.ModuleType("airflow.operators")
    python = types.ModuleType("airflow.operators.python")
    python.PythonOperator = FakePythonOperator
    airflow.exceptions, airflow.operators, operators.python = exceptions, operators, python
    return {
        "airflow": airflow,
        "airflow.exceptions": exceptions,
        "airflow.operators": operators,
        "airflow.operators.python": python,
    }


def load_dag_module(name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, DAG_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class AirflowDagTests(unittest.TestCase):
    def setUp(self) -> None:
        self.saved = {name: sys.modules.get(name) for name in fake_airflow_modules()}
        sys.modules.update(fake_airflow_modules())
        FakeDAG.instances = []
        self.dag = load_dag_module("fleetwx_dag_under_test")
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.fake = write_fake_fleetwx(Path(self.folder.name))
        self.saved_env = {
            name: os.environ.get(name)
            for name in ("FLEETWX_BINARY", "FLEETWX_WORKDIR", "FAKE_EXIT")
        }
        os.environ["FLEETWX_BINARY"] = str(self.fake)
        os.environ["FLEETWX_WORKDIR"] = self.folder.name

    def tearDown(self) -> None:
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        for name, value in self.saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value

    def run_task(self, code: int) -> tuple[FakeTaskInstance, object]:
        os.environ["FAKE_EXIT"] = str(code)
        task_instance = FakeTaskInstance()
        with self.assertLogs(self.dag.log, level="INFO") as logs:
            try:
                result = self.dag.run_fleetwx(ti=task_instance)
            except Exception as error:  # noqa: BLE001 - returned for the caller to check
                result = error
        self.logs = logs.output
        return task_instance, result

    def test_outcome_for_exit_code(self) -> None:
        d = self.dag
        expected = {0: d.SUCCESS, 2: d.ATTENTION, 1: d.RETRY, 64: d.FAIL, 137: d.RETRY, -9: d.RETRY}
        for code, outcome in expected.items():
            with self.subTest(code=code):
                self.assertEqual(d.outcome_for_exit_code(code), outcome)

    def test_dag_built_with_airflow(self) -> None:
        self.assertEqual(len(FakeDAG.instances), 1)
        dag = FakeDAG.instances[0]
        self.assertEqual(dag.kwargs["schedule"], "0 4 * * *")
        self.assertIs(dag.kwargs["catchup"], False)
        self.assertEqual(dag.kwargs["default_args"]["retries"], 2)
        self.assertEqual(dag.kwargs["default_args"]["retry_delay"].total_seconds(), 600)
        self.assertEqual(len(dag.tasks), 1)
        self.assertIs(dag.tasks[0].kwargs["python_callable"], self.dag.run_fleetwx)

    def test_exit_0(self) -> None:
        task_instance, result = self.run_task(0)
        self.assertEqual(result, 0)
        self.assertEqual(task_instance.pushed, [])
        self.assertFalse(any(line.startswith("WARNING") for line in self.logs))
        self.assertTrue(any('{"fake": true}' in line for line in self.logs), self.logs)

    def test_exit_2_warns_and_pushes_attention(self) -> None:
        task_instance, result = self.run_task(2)
        self.assertEqual(result, 2)
        self.assertEqual(task_instance.pushed, [("fleetwx", {"attention": True, "exit_code": 2})])
        self.assertTrue(any(line.startswith("WARNING") for line in self.logs), self.logs)

    def test_exit_1_retries(self) -> None:
        task_instance, result = self.run_task(1)
        self.assertIs(type(result), FakeAirflowException)
        self.assertEqual(task_instance.pushed, [])

    def test_exit_64_fails_without_retry(self) -> None:
        _, result = self.run_task(64)
        self.assertIs(type(result), FakeAirflowFailException)

    def test_other_codes_retry(self) -> None:
        for code, message in ((137, "exited 137"), (-9, "killed by signal 9")):
            with self.subTest(code=code):
                _, result = self.run_task(code)
                self.assertIs(type(result), FakeAirflowException)
                self.assertIn(message, str(result))

    def test_timeout_stops_fleetwx_with_sigterm(self) -> None:
        """Airflow's execution_timeout raises from a SIGALRM handler: fleetwx gets SIGTERM."""
        mark = Path(self.folder.name) / "mark"
        os.environ["FAKE_EXIT"] = "0"
        os.environ["FAKE_MARK"] = str(mark)
        self.addCleanup(os.environ.pop, "FAKE_MARK", None)

        class Timeout(Exception):
            pass

        def on_alarm(signum, frame):
            raise Timeout()

        previous = signal.signal(signal.SIGALRM, on_alarm)
        self.addCleanup(signal.signal, signal.SIGALRM, previous)
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        try:
            with self.assertRaises(Timeout):
                self.dag.run_fleetwx(ti=FakeTaskInstance())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        self.assertEqual(mark.read_text().strip(), "terminated")

    def test_command_line(self) -> None:
        command = self.dag.fleetwx_command(self.dag._settings())
        self.assertEqual(command[1:3], ["run", "/etc/fleetwx/schedule.csv"])
        self.assertNotIn("--out", command)
        self.assertEqual(command[command.index("--log-format") + 1], "json")


class AirflowAbsentTests(unittest.TestCase):
    def test_import_without_airflow(self) -> None:
        names = [name for name in sys.modules if name == "airflow" or name.startswith("airflow.")]
        saved = {name: sys.modules.pop(name) for name in names}
        blocker = _BlockAirflow()
        sys.meta_path.insert(0, blocker)
        try:
            module = load_dag_module("fleetwx_dag_without_airflow")
            self.assertIsNone(module.DAG)
            self.assertEqual(module.outcome_for_exit_code(2), module.ATTENTION)
            retry, fail = module._exception_classes()
            self.assertTrue(issubclass(fail, retry))
        finally:
            sys.meta_path.remove(blocker)
            sys.modules.update(saved)


class _BlockAirflow:
    """A meta path finder that makes "import airflow" fail, even where Airflow is installed."""

    def find_spec(self, name, path=None, target=None):
        if name == "airflow" or name.startswith("airflow."):
            raise ImportError("airflow blocked for this test")
        return None


if __name__ == "__main__":
    unittest.main()
