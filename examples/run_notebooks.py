"""Executes Jupyter notebooks headlessly with the Java kernel; any failing cell fails the run.

    /usr/bin/python3 run_notebooks.py --kernels DIR (--out DIR | --in-place) NOTEBOOK...

DIR is a folder holding kernels/<name>/kernel.json (see install-kernel.sh). Executed copies go to
--out; --in-place rewrites the notebooks with their new outputs (to refresh the committed ones).
"""
import argparse
import atexit
import os
import re
import socket
import sys
import time

import nbformat
import zmq
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def tidy(nb, folder):
    """Joins the kernel's fragmented print output, drops empty results, terminal colour codes and this
    machine's absolute paths, so the committed JSON stays readable and the same on every machine."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        outs = []
        for o in cell.outputs:
            if o.output_type == "execute_result" and not any(str(v).strip() for v in o.get("data", {}).values()):
                continue
            if o.output_type == "stream" and outs and outs[-1].output_type == "stream" and outs[-1].name == o.name:
                outs[-1].text += o.text
                continue
            outs.append(o)
        for o in outs:
            if o.output_type == "stream":
                o.text = ANSI.sub("", o.text.replace(folder + os.sep, ""))
            elif o.output_type == "error":
                o.traceback = [ANSI.sub("", line) for line in o.traceback]
        cell.outputs = outs


def start_kernel(name, cwd, settle=2):
    """Starts the kernel and returns its manager once it can take requests.

    rapaio-jupyter-kernel binds its sockets before it installs its message handlers. A client connects
    at once and queues kernel_info_request; when the shell socket binds, that request reaches the shell
    thread while its handler map is still null, the thread dies (NullPointerException in
    Channels.getHandler) and the kernel never replies: the 90 s start-up timeouts. So no client connects
    until the shell port accepts connections and a moment has passed for the handlers to be installed.
    A second failure, seen in about one start in five on a loaded 2-core machine: the kernel
    binds everything, its main thread reaches joinUntilClose (handlers installed), but its shell loop never
    receives a message (thread dump: Shell-0 polling, nothing handled after 150 s). It does not recover,
    so each start gets a short window and the runner starts a fresh kernel instead (main()). `settle` is the
    moment given to the handlers, longer on each retry.
    """
    # a context of its own: when a start fails, the client's clean-up can leave a shared context unusable (zmq
    # ENOTSUP on the next socket), which failed the retry meant to recover from that start
    km = KernelManager(kernel_name=name, context=zmq.Context())
    km.start_kernel(cwd=cwd)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            socket.create_connection((km.ip, km.shell_port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    time.sleep(settle)
    return km


def stop_kernel(km):
    """Shuts the kernel down; one whose start failed may already have lost its sockets, then its process is killed."""
    try:
        km.shutdown_kernel(now=True)
    except Exception as e:  # noqa: BLE001 - any failure here must not stop the retries
        print("kernel shutdown: %s; killing it" % e, file=sys.stderr)
        try:
            process = getattr(getattr(km, "provisioner", None), "process", None)
            if process is not None:
                process.kill()
        except Exception as e2:  # noqa: BLE001
            print("kernel kill: %s" % e2, file=sys.stderr)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--kernels", required=True, help="Jupyter data folder holding kernels/")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--out")
    g.add_argument("--in-place", action="store_true")
    p.add_argument("--timeout", type=int, default=300, help="seconds per cell")
    p.add_argument("notebooks", nargs="+")
    a = p.parse_args()
    os.environ["JUPYTER_PATH"] = os.path.abspath(a.kernels) + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    failed = []
    for path in a.notebooks:
        start = time.time()
        status = None
        # A healthy start answers in 2-5 s even on a loaded machine; a hung one never does (start_kernel). Up to 8
        # starts, since three hung starts in a row do happen; a hung start costs about 35 s.
        for attempt in range(1, 9):
            nb = nbformat.read(path, as_version=4)
            folder = os.path.dirname(os.path.abspath(path))
            km = start_kernel(nb.metadata.kernelspec.name, folder, settle=min(2 * attempt, 8))
            client = NotebookClient(nb, km=km, timeout=a.timeout, startup_timeout=30,
                                    kernel_name=nb.metadata.kernelspec.name,
                                    resources={"metadata": {"path": folder}})
            try:
                client.execute()
                status = "ok"
            except CellExecutionError as e:
                status = "FAILED"
                print(str(e), file=sys.stderr)
            except RuntimeError as e:
                print("notebook %s: kernel did not start (attempt %d): %s" % (path, attempt, e), file=sys.stderr)
                status = "FAILED"
                # the client's clean-up at exit would find no kernel manager and print a traceback
                atexit.unregister(client._cleanup_kernel)
                continue
            finally:
                stop_kernel(km)
            break
        if status != "ok":
            failed.append(path)
        tidy(nb, os.path.dirname(os.path.abspath(path)))
        target = path if a.in_place else os.path.join(a.out, os.path.basename(path))
        if a.out:
            os.makedirs(a.out, exist_ok=True)
        if status == "ok" or not a.in_place:
            nbformat.write(nb, target)
        print("notebook %s: %s in %.1f s -> %s" % (os.path.basename(path), status, time.time() - start, target))
    if failed:
        print("failed notebooks: " + ", ".join(failed), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
