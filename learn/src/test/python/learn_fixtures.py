"""Shared helpers of the learn fixture generators: arrays as JSON ({shape, dtype, data}, with
non-finite numbers as "nan" / "inf" / "-inf") and the fixture file layout. Run the generators with
Debian's /usr/bin/python3 (numpy 1.24, scikit-learn 1.2)."""
import json
import math
import os

import numpy as np
import sklearn

OUT = os.path.join(os.path.dirname(__file__), "..", "resources", "fixtures-learn")


def num(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def arr(a):
    a = np.asarray(a)
    return {"shape": list(a.shape), "dtype": str(a.dtype), "data": [num(v) for v in a.ravel().tolist()]}


def default(v):
    """A parameter's default as JSON: tuples as lists, dtypes by name, numbers as num()."""
    if isinstance(v, tuple):
        return [default(x) for x in v]
    if isinstance(v, type):
        return np.dtype(v).name
    return None if v is None else v if isinstance(v, str) else num(v)


def param_defaults(est, **effective):
    """A "defaults_<Class>" case: sklearn's get_params() of a default instance (ParamDefaults.java
    compares ours). `effective` replaces a deprecation sentinel by the value sklearn runs with."""
    expected = {k: default(v) for k, v in est().get_params().items()}
    for k, v in effective.items():
        assert k in expected, k
        expected[k] = v
    return {"name": "defaults_" + est.__name__, "estimator": "ParamDefaults", "params": {"class": est.__name__},
            "inputs": {}, "expected": expected}


def write(family, generator, cases):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, family + ".json")
    with open(path, "w") as f:
        f.write(json.dumps({"family": family, "sklearn": sklearn.__version__, "numpy": np.__version__,
                            "generator": "src/test/python/" + generator, "cases": cases}))
    print(path, len(cases), "cases")
