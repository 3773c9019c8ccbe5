"""pandas's to_csv text for the DataFrame IO tests (DfIo_SparkTest): one frame, written per row
chunk of 2 rows (each chunk a complete CSV with its header, as Mars's to_csv with a '*' path
writes), with and without the index. Run with /usr/bin/python3 (pandas 1.5.3):

    /usr/bin/python3 dataframe-adapter/src/test/python/gen_fixtures_dfio.py
"""
import json
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "resources", "fixtures-df", "io_csv.json")

df = pd.DataFrame({
    "a": np.array([1, -2, 3, 40, 5], dtype="int64"),
    "b": [0.1, np.nan, 1e-05, 1e20, 2.5],
    "c": ["x", None, "x,y", 'q"t', ""],
    "d": [True, False, True, True, False],
    "e": pd.to_datetime(["2020-01-01", "2020-01-02 03:04:05", None, "2021-06-01 00:00:00.250", "2021-06-02"]),
    "f": pd.to_datetime(["2020-01-01", "2020-01-02", "2020-01-03", None, "2020-01-05"]),
})
chunk = 2
parts = [df.iloc[i:i + chunk] for i in range(0, len(df), chunk)]
fixture = {
    "columns": {k: {"dtype": str(v.dtype)} for k, v in df.items()},
    "chunk_rows": chunk,
    "with_index": [p.to_csv() for p in parts],
    "without_index": [p.to_csv(index=False) for p in parts],
}
with open(OUT, "w") as fh:
    json.dump(fixture, fh, indent=1)
print("wrote", OUT)
