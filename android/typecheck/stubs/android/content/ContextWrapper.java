// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.content;

public class ContextWrapper extends Context {
    public ContextWrapper(Context base) { throw new RuntimeException("Stub!"); }

    @Override public java.io.File getFilesDir() { throw new RuntimeException("Stub!"); }

    @Override public java.io.File getCacheDir() { throw new RuntimeException("Stub!"); }

    @Override public Context getApplicationContext() { throw new RuntimeException("Stub!"); }

    @Override public void startActivity(Intent intent) { throw new RuntimeException("Stub!"); }

    @Override public ContentResolver getContentResolver() { throw new RuntimeException("Stub!"); }
}
