package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/** Server errors as a PostgreSQL with {@code lc_messages = 'zh_CN.UTF-8'} words them: told by SQLSTATE. */
class PermanentServerErrorsTest {
  private final PermanentServerErrors errors = new PermanentServerErrors("cdc_orders", "orders_pub");

  /** The engine's own copy stops at a money amount it cannot carry exactly, wrapped as any failure of a copy. */
  @Test
  void theEnginesOwnStopInsideACopysFailureIsThatStop() {
    PipelineStopException own = new PipelineStopException(EngineMessage.FAILURE_MONEY_BEYOND_EXACT, "m", "1e17");
    assertThat(PermanentServerErrors.ofCopy().stopFor(new IllegalStateException("copy failed", own))).containsSame(own);
  }

  @Test
  void aDroppedPublicationStopsNamingIt() {
    assertThat(stop("42704", "发布 \"orders_pub\" 不存在", "pg_publication.c"))
        .contains(UserMessage.of(EngineMessage.FAILURE_PUBLICATION_MISSING, "orders_pub"));
  }

  @Test
  void aMissingSlotStopsNamingItEvenWhenThePublicationHasItsName() {
    PermanentServerErrors sameNames = new PermanentServerErrors("cdc_orders", "cdc_orders");
    assertThat(sameNames.stopFor(failure("42704", "复制槽 \"cdc_orders\" 不存在", "slot.c"))
        .map(PipelineStopException::problem))
        .contains(UserMessage.of(EngineMessage.FAILURE_SLOT_MISSING, "cdc_orders"));
  }

  @Test
  void withoutTheServerFileTheNameInTheMessageTells() {
    assertThat(stop("42704", "复制槽 \"cdc_orders\" 不存在", null))
        .contains(UserMessage.of(EngineMessage.FAILURE_SLOT_MISSING, "cdc_orders"));
  }

  @Test
  void privilegesAndMissingTablesStopWithTheServersWords() {
    assertThat(stop("42501", "对表 orders 权限不够", "aclchk.c"))
        .contains(UserMessage.of(EngineMessage.FAILURE_PERMISSION, "对表 orders 权限不够"));
    assertThat(stop("42501", "必须为超级用户或复制角色才能启动 walsender", "postinit.c"))
        .contains(UserMessage.of(EngineMessage.FAILURE_REPLICATION_ROLE));
    assertThat(stop("42P01", "关系 \"public.orders\" 不存在", "namespace.c"))
        .contains(UserMessage.of(EngineMessage.FAILURE_TABLE_MISSING, "public.orders"));
  }

  @Test
  void debeziumRefusingToStartWithoutThePublicationStopsNamingIt() {
    RuntimeException failure = new RuntimeException("One or more fetchers have encountered exception",
        new IllegalStateException("Publication autocreation is disabled, please create one and restart the connector."));
    assertThat(errors.stopFor(failure).map(PipelineStopException::problem))
        .contains(UserMessage.of(EngineMessage.FAILURE_PUBLICATION_MISSING, "orders_pub"));
  }

  /** pgjdbc refusing a value Flink CDC's snapshot reads: a restart reads the same row. */
  @Test
  void aValueTheDriverCannotReadStopsWithItsWords() {
    RuntimeException failure = new RuntimeException("Read split SnapshotSplit{tableId=public.specials} error",
        new PSQLException("Bad value for type BigDecimal : Infinity", PSQLState.NUMERIC_VALUE_OUT_OF_RANGE));

    assertThat(errors.stopFor(failure).map(PipelineStopException::problem)).contains(UserMessage.of(
        EngineMessage.FAILURE_UNREADABLE_VALUE, "Bad value for type BigDecimal : Infinity"));
  }

  @Test
  void aValueDebeziumOrTheCopyCannotConvertStopsNamingTheColumn() {
    RuntimeException streamed = new RuntimeException("SplitFetcher thread 0 received unexpected exception",
        new IllegalStateException("Error while processing event at offset {lsn=26229224}",
            new IllegalArgumentException("Invalid value: null used for required field: \"amount\", schema type: BYTES")));
    RuntimeException copied = new RuntimeException("copy failed", new SpecialNumericValueException("amount"));

    for (RuntimeException failure : List.of(streamed, copied)) {
      assertThat(errors.stopFor(failure).map(PipelineStopException::problem))
          .contains(UserMessage.of(EngineMessage.FAILURE_NUMERIC_SPECIAL_VALUE, "amount"));
    }
  }

  @Test
  void errorsARestartMayCureAreLeftToIt() {
    assertThat(stop("57P01", "由于管理员命令中断联接", "postgres.c")).isEmpty();
    assertThat(errors.stopFor(new RuntimeException("fetcher failed", new IOException("reset")))).isEmpty();
  }

  @Test
  void theStopKeepsTheFailureAsItsCauseAndReadsBackFromItsStackTrace() {
    RuntimeException failure = failure("42704", "发布 \"orders_pub\" 不存在", "pg_publication.c");
    PipelineStopException stop = errors.stopFor(failure).orElseThrow();
    assertThat(stop.getCause()).isSameAs(failure);
    assertThat(PipelineStopException.find(stop.toString()))
        .contains(UserMessage.of(EngineMessage.FAILURE_PUBLICATION_MISSING, "orders_pub"));
  }

  /** The own snapshot's copies know no publication, and a copy's slot is not the pipeline's: the server names them. */
  @Test
  void aCopysErrorsStopWithTheNamesTheServerGives() {
    PermanentServerErrors copy = PermanentServerErrors.ofCopy();
    assertThat(copy.stopFor(failure("42501", "对表 orders 权限不够", "aclchk.c")).map(PipelineStopException::problem))
        .contains(UserMessage.of(EngineMessage.FAILURE_PERMISSION, "对表 orders 权限不够"));
    assertThat(copy.stopFor(failure("42P01", "关系 \"public.orders\" 不存在", "namespace.c"))
        .map(PipelineStopException::problem))
        .contains(UserMessage.of(EngineMessage.FAILURE_TABLE_MISSING, "public.orders"));
    assertThat(copy.stopFor(failure("42704", "复制槽 \"cdc_snapshot\" 不存在", "slot.c"))
        .map(PipelineStopException::problem))
        .contains(UserMessage.of(EngineMessage.FAILURE_SLOT_MISSING, "cdc_snapshot"));
    assertThat(copy.stopFor(failure("42704", "类型 \"mood\" 不存在", "parse_type.c"))).isEmpty();
  }

  private Optional<UserMessage> stop(String sqlState, String message, String file) {
    return errors.stopFor(failure(sqlState, message, file)).map(PipelineStopException::problem);
  }

  /** The server's error as the fetcher reports it: wrapped twice, as Flink CDC and Flink wrap it. */
  private static RuntimeException failure(String sqlState, String message, String file) {
    String fields = "S错误\0C" + sqlState + "\0M" + message + (file == null ? "" : "\0F" + file) + "\0";
    PSQLException server = new PSQLException(new ServerErrorMessage(fields));
    return new RuntimeException("One or more fetchers have encountered exception",
        new IllegalStateException("Read split StreamSplit error", server));
  }
}
