package org.marsonspark.remote;

import org.marsonspark.core.TileableData;

/** The tileable behind a {@link RemoteObject}: one 0-d chunk holding a {@link RemoteResult}. */
final class RemoteData extends TileableData {
  RemoteData() {
    super(new long[0]);
  }

  /** The spawn that produces this object. */
  SpawnOp spawn() {
    return (SpawnOp) op();
  }
}
