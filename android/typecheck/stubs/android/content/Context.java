// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.content;

public abstract class Context {
    public Context() {}

    public abstract java.io.File getFilesDir();

    public abstract java.io.File getCacheDir();

    public abstract Context getApplicationContext();

    public abstract void startActivity(Intent intent);

    public abstract ContentResolver getContentResolver();
}
