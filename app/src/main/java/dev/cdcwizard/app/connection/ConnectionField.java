package dev.cdcwizard.app.connection;

/** The fields of a connection form, so that an error can be shown next to the one it concerns. */
public enum ConnectionField { HOST, PORT, DATABASE, USER, PASSWORD, SSL_MODE }
