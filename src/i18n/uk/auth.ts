/** Ukrainian texts: auth.*. */
export default {
  // Auth
  "auth.title": "Вхід для адміністратора",
  "auth.intro": "Увійдіть, щоб керувати серверами. Переглядати панель можна і без авторизації.",
  "auth.username": "Ім'я користувача",
  "auth.email": "E-mail",
  "auth.password": "Пароль",
  "auth.submit": "Увійти",
  "auth.submitting": "Вхід…",
  "auth.continueAnon": "Продовжити без авторизації",
  "auth.success": "Авторизація успішна!",
  "auth.failed": "Невірний e-mail, пароль або ім'я користувача.",
  "auth.signOutFailed": "Не вдалося вийти.",
  "auth.signedOut": "Ви вийшли з облікового запису.",
  "auth.signedInAs": "Ви увійшли як {name}.",
  "auth.demoTitle": "Демо-режим",
  "auth.demoIntro":
    "Це демонстраційне розгортання: увійдіть одним натисканням або через форму з демо-обліковим записом.",
  "auth.demoAdmin": "Увійти як адміністратор (демо)",
  "auth.demoVisitor": "Увійти як відвідувач (демо)",
  "auth.demoAccounts":
    "Демо-облікові записи: admin / admin@demo.cs2-panel.local, moderator / moderator@demo.cs2-panel.local або visitor / visitor@demo.cs2-panel.local, пароль: demo.",
  "auth.disabledTitle": "Вхід не налаштовано",
  "auth.disabledText":
    "На цьому розгортанні вхід вимкнено, тому панель працює лише для перегляду. Щоб увімкнути вхід, задайте змінну середовища VITE_CLERK_PUBLISHABLE_KEY (ключ застосунку Clerk) і перезберіть вебзастосунок.",
  "auth.usernameRequired": "Введіть ім'я користувача.",
  "auth.emailRequired": "Введіть e-mail.",
  "auth.emailInvalid": "Некоректний e-mail: потрібен вигляд name@example.com.",
  "auth.passwordRequired": "Введіть пароль.",
} as const;
