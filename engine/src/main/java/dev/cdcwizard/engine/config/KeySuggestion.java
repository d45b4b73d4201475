package dev.cdcwizard.engine.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The known key a mistyped one most likely meant: the closest by edits (a swap of two neighbouring
 * letters counts as one), ignoring case and whether words are joined by '.', '-' or '_'. Nothing when
 * no key is close, so that a key from another connector is not answered with a random one.
 */
public final class KeySuggestion {
  private KeySuggestion() {}

  public static Optional<String> nearest(String key, Collection<String> known) {
    String typed = normalize(key);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int distance = distance(typed, normalize(candidate));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    int allowed = typed.length() > 12 ? 3 : 2;
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  private static String normalize(String key) {
    return key.toLowerCase(Locale.ROOT).replaceAll("[-_.]", ".");
  }

  /** Optimal string alignment distance. */
  private static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
