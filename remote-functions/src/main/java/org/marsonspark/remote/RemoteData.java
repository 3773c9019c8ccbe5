package org.marsonspark.remote;

import org.marsonspark.core.TileableData;

/** The tileable behind a {@link RemoteObject}: one 0-d chunk holding a {@link RemoteResult}. */
final class RemoteData extends TileableData {
  /** On an executor without a session: the id under which the driver holds this object's result, or 0. */
  private volatile long heldId;

  RemoteData() {
    super(new long[0]);
  }

  long heldId() {
    return heldId;
  }

  void held(long id) {
    heldId = id;
  }

  /** The spawn that produces this object. */
  SpawnOp spawn() {
    return (SpawnOp) op();
  }
}
