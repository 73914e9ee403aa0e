// Shell
