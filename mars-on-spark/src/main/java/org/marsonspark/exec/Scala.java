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
}
