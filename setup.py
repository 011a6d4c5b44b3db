"""Kaido's optional compiled build: mypyc compiles the modules `kaido/compiled.py` names.

`pip install .` compiles them where a C compiler and Python's headers are there, and
installs pure Python where they are not. `KAIDO_COMPILE=1` insists on the compiled build
(an error without a compiler), `KAIDO_COMPILE=0` asks for pure Python. Editable installs
are pure Python: extensions built into the source tree would shadow the `.py` files being
edited. Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup

HERE = Path(__file__).resolve().parent
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
"""The commands that build extensions (`pip install .` runs bdist_wheel); setup.py also
runs for metadata alone (egg_info, dist_info) and for editable installs (editable_wheel)."""


def c_compiler_works() -> bool:
    """Whether a C extension can be built here: a file that includes Python.h compiles."""
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp, "probe.c")
        probe.write_text("#include <Python.h>\nint main(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(probe)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except (CCompilerError, DistutilsError):
            return False
    return True


def extensions() -> list[Any]:
    mode = os.environ.get("KAIDO_COMPILE", "auto")
    if mode not in ("auto", "0", "1"):
        sys.exit(f"KAIDO_COMPILE is auto, 0 or 1, not {mode!r}")
    commands = set(sys.argv[1:])
    if mode == "1" and "editable_wheel" in commands:
        sys.exit("KAIDO_COMPILE=1: editable installs run the .py files; `pip install .` compiles")
    if mode == "0" or not commands & BUILDS:
        return []
    if not c_compiler_works():
        if mode == "1":
            sys.exit("KAIDO_COMPILE=1, but no C compiler with Python's headers was found")
        print("kaido: no C compiler with Python's headers: installing pure Python", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    compiled = runpy.run_path(str(HERE / "kaido" / "compiled.py"))
    groups: dict[str, list[str]] = {}
    for name in compiled["compiled_modules"]():
        package = name.split(".")
        group = package[2] if package[1] == "games" else "core"
        groups.setdefault(group, []).append("/".join(package) + ".py")
    # A shared library for each game and one for the rest: C compilers run on several at
    # once (below), and a changed game recompiles alone.
    paths = [path for files in groups.values() for path in files]
    return mypycify(paths, separate=[(files, f"kaido_{g}") for g, files in groups.items()])


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
