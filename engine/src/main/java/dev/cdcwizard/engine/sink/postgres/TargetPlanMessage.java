package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.MessageKey;

/**
 * What planning a PostgreSQL target says of a table that does not fit, a privilege the target role
 * lacks, or a type the target lacks, by key in the bundles of the i18n module.
 */
public enum TargetPlanMessage implements MessageKey {
  TABLE_PRIVILEGE("target.plan.tablePrivilege"),
  CREATE_SCHEMA_PRIVILEGE("target.plan.createSchemaPrivilege"),
  CREATE_TABLE_PRIVILEGE("target.plan.createTablePrivilege"),
  COLUMN_MISSING_REFUSED("target.plan.columnMissingRefused"),
  COLUMN_NOT_WRITTEN("target.plan.columnNotWritten"),
  COLUMN_TYPE_DIFFERS("target.plan.columnTypeDiffers"),
  PRIMARY_KEY_MISSING("target.plan.primaryKeyMissing"),
  PRIMARY_KEY_DIFFERS("target.plan.primaryKeyDiffers"),
  DOMAIN_AS_BASE_TYPE("target.plan.domainAsBaseType"),
  ENUM_AS_TEXT("target.plan.enumAsText"),
  TYPE_AS_TEXT("target.plan.typeAsText"),
  TABLE_NAME_INVALID("target.plan.tableNameInvalid");

  private final String key;

  TargetPlanMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
