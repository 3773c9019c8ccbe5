package org.marsonspark.exec;

import java.util.List;
import scala.collection.Iterator;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/** The few conversions Java code needs to call Spark's Scala API. */
final class Scala {
  private Scala() {}

  static <T> Seq<T> seq(List<T> list) {
    return CollectionConverters.asScala(list).toList();
  }

  static <T> ClassTag<T> classTag(Class<?> cls) {
    @SuppressWarnings("unchecked")
    ClassTag<T> tag = (ClassTag<T>) ClassTag$.MODULE$.apply(cls);
    return tag;
  }

  static <T> Iterator<T> single(T value) {
    return scala.collection.Iterator$.MODULE$.single(value);
  }

  /**
   * The one record of a partition's iterator, which is then run to its end: the iterator of a
   * cached block holds the block's read lock until it is exhausted, and a held lock makes the
   * block's removal (a released chunk) wait for the reading task to finish.
   */
  static <T> T only(Iterator<T> records) {
    T value = records.next();
    if (records.hasNext()) {
      throw new IllegalStateException("a chunk partition has more than one record");
    }
    return value;
  }
}
