package dev.cdcwizard.engine.verify;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Which of the comparison's key buckets a verification compares: all of them, or a percentage drawn at
 * random for each run, so that repeated sampled runs cover different rows. Both sides of a table read
 * the same buckets; each table of one run uses the same ones.
 */
public record Sample(int percent, BitSet buckets) {
  public static final Sample ALL = of(100, new Random(0));

  public Sample {
    if (percent < 1 || percent > 100) {
      throw new IllegalArgumentException("a sample is 1 to 100 percent, not " + percent);
    }
    buckets = (BitSet) buckets.clone();
  }

  /** @param random where the buckets are drawn from */
  public static Sample of(int percent, Random random) {
    int count = Math.max(1, (int) Math.round(TableComparison.BUCKETS * percent / 100.0));
    List<Integer> all = new ArrayList<>(TableComparison.BUCKETS);
    for (int bucket = 0; bucket < TableComparison.BUCKETS; bucket++) {
      all.add(bucket);
    }
    Collections.shuffle(all, random);
    BitSet chosen = new BitSet(TableComparison.BUCKETS);
    all.subList(0, count).forEach(chosen::set);
    return new Sample(percent, chosen);
  }

  public boolean whole() {
    return percent == 100;
  }

  @Override
  public BitSet buckets() {
    return (BitSet) buckets.clone();
  }
}
