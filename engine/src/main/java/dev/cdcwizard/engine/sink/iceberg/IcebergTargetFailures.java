package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.apache.iceberg.exceptions.ForbiddenException;
import org.apache.iceberg.exceptions.NotAuthorizedException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/** What a failure to open the catalog or to write to its storage means for the user. */
final class IcebergTargetFailures {
  private IcebergTargetFailures() {}

  static IcebergTargetException catalog(Throwable failure, String uri) {
    if (unreachable(failure) || sqlState(failure).startsWith("08")) {
      return of(EngineMessage.TARGET_CATALOG_UNREACHABLE, EngineMessage.TARGET_CATALOG_UNREACHABLE_FIX, failure, uri);
    }
    if (find(failure, NotAuthorizedException.class) != null || find(failure, ForbiddenException.class) != null
        || sqlState(failure).startsWith("28")) {
      return of(EngineMessage.TARGET_CATALOG_DENIED, EngineMessage.TARGET_CATALOG_DENIED_FIX, failure, uri);
    }
    return of(EngineMessage.TARGET_CATALOG_FAILED, EngineMessage.TARGET_CATALOG_FAILED_FIX, failure,
        rootMessage(failure));
  }

  static IcebergTargetException storage(Throwable failure, String endpoint, String bucket) {
    AwsServiceException service = find(failure, AwsServiceException.class);
    String code = service == null || service.awsErrorDetails() == null ? "" : service.awsErrorDetails().errorCode();
    if (service != null && ("NoSuchBucket".equals(code) || service.statusCode() == 404)) {
      return of(EngineMessage.TARGET_STORAGE_NO_BUCKET, EngineMessage.TARGET_STORAGE_NO_BUCKET_FIX, failure,
          bucket, endpoint);
    }
    if (service != null && ("InvalidAccessKeyId".equals(code) || "SignatureDoesNotMatch".equals(code)
        || service.statusCode() == 401)) {
      return of(EngineMessage.TARGET_STORAGE_BAD_CREDENTIALS, EngineMessage.TARGET_STORAGE_BAD_CREDENTIALS_FIX,
          failure, endpoint);
    }
    if ("XAmzContentSHA256Mismatch".equals(code) || "NotImplemented".equals(code)) {
      return of(EngineMessage.TARGET_STORAGE_CHECKSUMS, EngineMessage.TARGET_STORAGE_CHECKSUMS_FIX, failure, endpoint);
    }
    if (service != null && service.statusCode() == 403) {
      return of(EngineMessage.TARGET_STORAGE_DENIED, EngineMessage.TARGET_STORAGE_DENIED_FIX, failure, bucket);
    }
    if (unreachable(failure)) {
      return of(EngineMessage.TARGET_STORAGE_UNREACHABLE, EngineMessage.TARGET_STORAGE_UNREACHABLE_FIX, failure,
          endpoint);
    }
    return of(EngineMessage.TARGET_STORAGE_FAILED, EngineMessage.TARGET_STORAGE_FAILED_FIX, failure, bucket,
        rootMessage(failure));
  }

  private static IcebergTargetException of(EngineMessage problem, EngineMessage fix, Throwable cause,
      Object... arguments) {
    return new IcebergTargetException(UserMessage.of(problem, arguments), UserMessage.of(fix), cause);
  }

  private static boolean unreachable(Throwable failure) {
    return find(failure, ConnectException.class) != null || find(failure, UnknownHostException.class) != null
        || find(failure, NoRouteToHostException.class) != null || find(failure, SocketTimeoutException.class) != null;
  }

  private static String sqlState(Throwable failure) {
    SQLException sql = find(failure, SQLException.class);
    return sql == null || sql.getSQLState() == null ? "" : sql.getSQLState();
  }

  private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
    }
    return null;
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }
}
