/** Ukrainian texts: account.*. */
export default {
  // «Мій профіль»: the Steam link
  "account.title": "Мій профіль",
  "account.signIn": "Увійдіть, щоб прив'язати акаунт Steam і бачити свою кар'єру.",
  "account.signInAction": "Увійти",
  "account.steam.title": "Акаунт Steam",
  "account.steam.verified": "Підтверджено",
  "account.steam.notLinked": "Не прив'язано",
  "account.steam.why":
    "Прив'яжіть акаунт Steam: ви ввійдете на сайті Steam, і панель дізнається ваш SteamID. Тоді «Мій профіль» відкриває вашу кар'єру, а турніри, де потрібен Steam, займають місце саме за вами.",
  "account.steam.link": "Прив'язати Steam",
  "account.steam.unlink": "Відв'язати",
  "account.steam.unlinkTitle": "Відв'язати акаунт Steam?",
  "account.steam.unlinkText":
    "SteamID {steamId} більше не буде пов'язаний з вашим обліковим записом. Прив'язати його знову можна будь-коли.",
  "account.steam.linked": "Акаунт Steam прив'язано.",
  "account.steam.unlinked": "Акаунт Steam відв'язано.",
  "account.steam.expired":
    "Посилання для прив'язки Steam застаріло або вже використане. Почніть прив'язку ще раз.",
} as const;
