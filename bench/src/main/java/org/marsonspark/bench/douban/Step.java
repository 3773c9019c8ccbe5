package org.marsonspark.bench.douban;

/** The timed steps, in order; ids are those of the pandas script and the results JSON. */
public enum Step {
  READ("read", "read both CSVs"),
  MOVIES_PER_YEAR("movies_per_year", "(a) movies per release year"),
  RATING_COUNTS("rating_counts", "(b) value counts of rating"),
  TOP_MOVIES("top_movies", "(c) top-20 movies by mean rating, >= 100 ratings, with titles"),
  TOP_TAGS("top_tags", "(d) top-50 tags (split, explode, count)"),
  TOP_REGIONS("top_regions", "(e) top-10 regions, movies of 1980-2019"),
  TOTAL("total", "total");

  final String id;
  final String label;

  Step(String id, String label) {
    this.id = id;
    this.label = label;
  }

  static Step byId(String id) {
    for (Step s : values()) {
      if (s.id.equals(id)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown step " + id);
  }

  /** Runs this query step (not READ or TOTAL). */
  public StepResult run(DoubanAnalysis a) throws Exception {
    return switch (this) {
      case MOVIES_PER_YEAR -> a.moviesPerYear();
      case RATING_COUNTS -> a.ratingCounts();
      case TOP_MOVIES -> a.topMovies();
      case TOP_TAGS -> a.topTags();
      case TOP_REGIONS -> a.topRegions();
      default -> throw new IllegalStateException(this + " is not a query step");
    };
  }
}
