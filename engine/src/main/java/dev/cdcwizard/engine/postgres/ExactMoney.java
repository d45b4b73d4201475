package dev.cdcwizard.engine.postgres;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A money value as Debezium 1.9 reads it, through pgjdbc's {@code PGmoney}: the double nearest the amount, within
 * half a unit of its last place. Debezium takes that double's shortest decimal (within another half unit) to the
 * cent, so an amount comes back exact while a unit of the last place stays under half a cent: below 2^45, about
 * 35 trillion, where it is 2^-8. Past that the cents may be wrong, which no target must get quietly.
 */
public final class ExactMoney {
  /** Debezium's money.fraction.digits default; the target's decimal(38,2). */
  public static final int SCALE = 2;
  private static final double EXACT_BELOW = 0x1p45;

  private ExactMoney() {}

  /** @throws BeyondExactException when the double may not hold the amount to the cent */
  public static BigDecimal of(double amount) {
    if (!(Math.abs(amount) < EXACT_BELOW)) {
      throw new BeyondExactException(BigDecimal.valueOf(amount).toPlainString());
    }
    return BigDecimal.valueOf(amount).setScale(SCALE, RoundingMode.HALF_UP);
  }

  /**
   * Not an IllegalArgumentException: Debezium logs those of a converter and writes NULL in the value's place.
   * The caller names the column.
   */
  public static final class BeyondExactException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final String amount;

    BeyondExactException(String amount) {
      super("money amount " + amount + " is beyond what a double holds to the cent");
      this.amount = amount;
    }

    public String amount() {
      return amount;
    }
  }
}
