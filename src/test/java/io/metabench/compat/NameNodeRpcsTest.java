package io.metabench.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.ipc.StandbyException;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;
import org.junit.jupiter.api.Test;

class NameNodeRpcsTest {
  @Test
  void aCallAStandbySentBackIsAFailoverAndAnyOtherErrorIsAFailure() {
    // As the protobuf engine throws it: the server's RemoteException inside a ServiceException.
    assertThat(NameNodeRpcs.refusedByStandby(new ServiceException(new RemoteException(
        StandbyException.class.getName(), "Operation category READ is not supported in state "
        + "standby")))).isTrue();
    assertThat(NameNodeRpcs.refusedByStandby(new RemoteException(
        "org.apache.hadoop.ipc.ObserverRetryOnActiveException", "retry on active"))).isTrue();
    assertThat(NameNodeRpcs.refusedByStandby(new StandbyException("standby"))).isTrue();
    assertThat(NameNodeRpcs.refusedByStandby(new ServiceException(new RemoteException(
        "java.io.FileNotFoundException", "no such file")))).isFalse();
    assertThat(NameNodeRpcs.refusedByStandby(new IOException("Connection refused"))).isFalse();
    assertThat(NameNodeRpcs.refusedByStandby(null)).isFalse();
  }
}
