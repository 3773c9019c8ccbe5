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


def write(family, generator, cases):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, family + ".json")
    with open(path, "w") as f:
        f.write(json.dumps({"family": family, "sklearn": sklearn.__version__, "numpy": np.__version__,
                            "generator": "src/test/python/" + generator, "cases": cases}))
    print(path, len(cases), "cases")
